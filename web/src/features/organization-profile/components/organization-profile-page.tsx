import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessageOf } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { centreProfileQueries } from '../api/profile-queries';
import { ApprovalCard, NotificationsCard } from './centre-notices-cards';
import { IdentityChangeNotice } from './identity-change-notice';
import { OrganizationProfileForm } from './organization-profile-form';

/**
 * `/organization/profile` (spec 001 §2): the centre's details, a link back, and the pending-verification alert (or,
 * once withdrawn, what that means); a verified centre's change of identity awaiting approval, with what it asked for;
 * its approval's dates and the e-mails it receives (issue 20 §5, §7).
 */
export function OrganizationProfilePage() {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const profile = useQuery(centreProfileQueries.profile());
  const centre = profile.data ?? null;
  const title = centre ? t('profile.title') : t('profile.registerTitle');

  return (
    <PageContainer title={t('profile.title')} maxWidth="md">
      <Button component={RouterLink} to="/organization" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 2 }}>
        {t('profile.back')}
      </Button>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h1">
          {profile.isPending ? t('profile.title') : title}
        </Typography>
        {centre?.isVerified ? <Chip color="success" icon={<VerifiedOutlinedIcon aria-hidden="true" />} label={t('profile.verified')} /> : null}
      </Stack>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void profile.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          {serverMessageOf(profile.error) ?? t('profile.loadError')}
        </Alert>
      ) : (
        <Box>
          {centre?.verificationWithdrawnAt ? (
            <Alert severity="error" sx={{ mb: 3 }} data-testid="verification-withdrawn">
              <AlertTitle>{t('withdrawn.title')}</AlertTitle>
              {t('withdrawn.body', { date: formatLongDate(centre.verificationWithdrawnAt, language) })}
            </Alert>
          ) : centre && !centre.isVerified ? (
            <Alert severity="warning" sx={{ mb: 3 }} data-testid="pending-verification">
              {t('profile.pending')}
            </Alert>
          ) : null}
          {centre ? <IdentityChangeNotice centre={centre} /> : null}
          {!centre ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              {t('profile.registerIntro')}
            </Alert>
          ) : null}
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <OrganizationProfileForm key={centre?.id ?? 'new'} centre={centre} />
            </CardContent>
          </Card>
          {centre ? <ApprovalCard centre={centre} /> : null}
          {centre ? <NotificationsCard centre={centre} /> : null}
        </Box>
      )}
    </PageContainer>
  );
}
