import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessageOf } from '../../../lib/api-client';
import { profileQueries } from '../api/profile-queries';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

/** `/profile`: the learner's details, and a separate password change (specification §2). */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const query = useQuery(profileQueries.mine());

  return (
    <PageContainer title={t('title')} maxWidth="md">
      <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 2 }}>
        {t('backToDashboard')}
      </Button>
      <Typography component="h1" variant="h1">
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('subtitle')}
      </Typography>

      {query.isPending ? (
        <PageLoader label={t('loading')} />
      ) : query.isError ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {`${t('toast.loadError')} — ${serverMessageOf(query.error) ?? t('toast.genericError')}`}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <ProfileForm key={query.data.id} profile={query.data} />
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Box sx={{ maxWidth: 480 }}>
                <ChangePasswordForm />
              </Box>
            </CardContent>
          </Card>
        </Stack>
      )}
    </PageContainer>
  );
}
