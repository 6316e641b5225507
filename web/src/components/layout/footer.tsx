import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { VisuallyHidden } from '../ui/visually-hidden';

export const CONTACT_PHONE = '04 94 00 12 34';
export const CONTACT_PHONE_HREF = 'tel:+33494001234';
export const CONTACT_EMAIL = 'contact@recup-points.fr';

function FooterHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5, color: 'common.white' }}>
      {children}
    </Typography>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} color="inherit" sx={{ display: 'inline-block', py: 0.5 }}>
      {children}
    </Link>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const linkStyle = { color: 'inherit' } as const;

  return (
    <Box component="footer" sx={{ bgcolor: '#0a2450', color: 'rgba(255,255,255,0.88)', mt: 'auto', pt: 6, pb: 3 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="p" variant="h6" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
              {t('appName')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('footer.description')}
            </Typography>
            <Typography component="h2" variant="subtitle2" sx={{ color: 'common.white', fontWeight: 700 }}>
              {t('footer.social')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              <IconButton href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer" aria-label={t('footer.facebook')} sx={linkStyle}>
                <FacebookIcon />
              </IconButton>
              <IconButton href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer" aria-label={t('footer.instagram')} sx={linkStyle}>
                <InstagramIcon />
              </IconButton>
              <IconButton href="https://www.linkedin.com/" target="_blank" rel="noopener noreferrer" aria-label={t('footer.linkedin')} sx={linkStyle}>
                <LinkedInIcon />
              </IconButton>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <nav aria-label={t('footer.navigation')}>
              <FooterHeading>{t('footer.navigation')}</FooterHeading>
              <Stack>
                <FooterLink to="/">{t('nav.home')}</FooterLink>
                <FooterLink to="/courses">{t('nav.courses')}</FooterLink>
                <FooterLink to="/how-it-works">{t('nav.howItWorks')}</FooterLink>
                <FooterLink to="/faq">{t('nav.faq')}</FooterLink>
                <FooterLink to="/contact">{t('nav.contact')}</FooterLink>
              </Stack>
            </nav>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <nav aria-label={t('footer.legal')}>
              <FooterHeading>{t('footer.legal')}</FooterHeading>
              <Stack>
                <FooterLink to="/legal-notice">{t('pages.legalNotice')}</FooterLink>
                <FooterLink to="/privacy-policy">{t('pages.privacyPolicy')}</FooterLink>
                <FooterLink to="/terms-and-conditions">{t('pages.terms')}</FooterLink>
                <FooterLink to="/cookies">{t('pages.cookies')}</FooterLink>
              </Stack>
            </nav>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <FooterHeading>{t('footer.contact')}</FooterHeading>
            <Stack component="address" spacing={1.5} sx={{ fontStyle: 'normal' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <PlaceOutlinedIcon fontSize="small" aria-hidden="true" sx={{ mt: 0.25 }} />
                <Typography variant="body2">
                  <VisuallyHidden>{t('footer.addressLabel')}</VisuallyHidden>
                  {t('footer.addressValue')}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <PhoneOutlinedIcon fontSize="small" aria-hidden="true" />
                <Link href={CONTACT_PHONE_HREF} color="inherit" aria-label={`${t('footer.phone')} ${CONTACT_PHONE}`}>
                  {CONTACT_PHONE}
                </Link>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <EmailOutlinedIcon fontSize="small" aria-hidden="true" />
                <Link href={`mailto:${CONTACT_EMAIL}`} color="inherit" sx={{ wordBreak: 'break-all' }}>
                  {CONTACT_EMAIL}
                </Link>
              </Stack>
            </Stack>
          </Grid>
        </Grid>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.2)', my: 3 }} />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('footer.copyright', { year })}
        </Typography>
      </Container>
    </Box>
  );
}
