import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';

/** Spec 001 §2: the centre's details, the description in the UI's language (English falls back to French), verified or pending. */
export function CentreDetailsPanel({ centre }: { centre: OrganizationDto }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const none = t('dashboard.details.none');
  const description = (language === 'en' ? centre.descriptionEn || centre.description : centre.description) || none;
  const rows: Array<[string, React.ReactNode]> = [
    [t('dashboard.details.name'), centre.name],
    [t('dashboard.details.address'), `${centre.address}, ${centre.postalCode} ${centre.city}`],
    [t('dashboard.details.email'), <Link key="email" href={`mailto:${centre.email}`}>{centre.email}</Link>],
    [t('dashboard.details.phone'), centre.phoneNumber],
    [t('dashboard.details.website'), centre.website ? <Link key="site" href={centre.website} target="_blank" rel="noopener noreferrer">{centre.website}</Link> : none],
    [t('dashboard.details.approval'), centre.prefectApprovalReference ?? none],
    [t('dashboard.details.description'), description],
  ];
  return (
    <Card component="section" aria-labelledby="centre-details-title">
      <CardContent>
        <Typography id="centre-details-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
          {t('dashboard.details.title')}
        </Typography>
        <Alert severity={centre.isVerified ? 'success' : centre.verificationWithdrawnAt ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {centre.isVerified ? t('dashboard.details.verified') : centre.verificationWithdrawnAt ? t('dashboard.details.withdrawn') : t('pending.body')}
        </Alert>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
