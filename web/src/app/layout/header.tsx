import MenuIcon from '@mui/icons-material/Menu';
import TimeToLeaveOutlinedIcon from '@mui/icons-material/TimeToLeaveOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/layout/language-switcher';
import { useSession } from '../../lib/current-user';
import { AuthButtons } from '../../features/auth/components/auth-buttons';
import { useEver } from '../../lib/use-ever';
import { NAV_LINKS } from './nav-links';

// Loaded when needed: the side menu when first opened, the account menu once someone is signed in.
const NavDrawer = lazy(() => import('./nav-drawer').then((module) => ({ default: module.NavDrawer })));
const AccountMenu = lazy(() => import('../../features/auth/components/account-menu').then((module) => ({ default: module.AccountMenu })));

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerWanted = useEver(drawerOpen);

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 64 }, px: { xs: 1.5, sm: 2 } }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            // On a phone the spacer after it keeps it apart from the buttons: no margin of its own, so that a face wider than
            // Roboto (the fallback one a first visit paints in, or the phone's own) still leaves the header within 360 px.
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', fontWeight: 800, fontSize: '1.2rem', mr: { xs: 0, md: 2 }, whiteSpace: 'nowrap' }}
          >
            <TimeToLeaveOutlinedIcon aria-hidden="true" />
            {t('appName')}
          </Link>

          <Box component="nav" aria-label={t('nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                color="inherit"
                sx={{
                  color: 'text.primary',
                  '&[aria-current="page"]': { color: 'primary.main', boxShadow: (theme) => `inset 0 -3px 0 ${theme.palette.primary.main}`, borderRadius: 0 },
                }}
              >
                {t(link.labelKey)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />

          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LanguageSwitcher />
            {session.status === 'authenticated' ? (
              <Suspense fallback={null}>
                <AccountMenu user={session.user} />
              </Suspense>
            ) : null}
            {session.status === 'anonymous' ? (
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <AuthButtons />
              </Box>
            ) : null}
            <IconButton
              aria-label={t('nav.openMenu')}
              aria-expanded={drawerOpen ? 'true' : 'false'}
              onClick={() => setDrawerOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          </Stack>
        </Toolbar>
      </Container>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} session={session} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
