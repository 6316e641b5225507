import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { Session } from '../../lib/current-user';
import { AuthButtons } from '../../features/auth/components/auth-buttons';
import { useSignOut } from '../../features/auth/components/use-sign-out';
import { accountLinksFor } from '../../features/auth/utils/roles';
import { NAV_LINKS } from './nav-links';

const activeLinkSx = {
  '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700, bgcolor: 'action.selected' },
} as const;

/** The side menu below the md breakpoint: the same links as the header and the account menu. */
export function NavDrawer({ open, onClose, session }: { open: boolean; onClose: () => void; session: Session }) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const signOut = useSignOut();

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography component="h2" variant="h5">
          {t('nav.menuTitle')}
        </Typography>
        <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box component="nav" aria-label={t('nav.main')}>
        <List>
          {NAV_LINKS.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={NavLink} to={link.to} end={link.to === '/'} onClick={onClose} sx={activeLinkSx}>
                <ListItemText primary={t(link.labelKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      {session.status === 'authenticated' ? (
        <List aria-label={tAuth('account.menu', { name: `${session.user.firstName} ${session.user.lastName}` })}>
          {accountLinksFor(session.user.role).map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={NavLink} to={link.to} end onClick={onClose} sx={activeLinkSx}>
                <ListItemText primary={tAuth(`account.${link.labelKey}`)} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onClose();
                signOut();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={tAuth('logout')} />
            </ListItemButton>
          </ListItem>
        </List>
      ) : session.status === 'anonymous' ? (
        <Box sx={{ p: 2 }}>
          <AuthButtons direction="column" onOpen={onClose} />
        </Box>
      ) : null}
    </Drawer>
  );
}
