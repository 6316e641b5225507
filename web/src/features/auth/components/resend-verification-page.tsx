import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { useResendVerification } from '../api/resend-verification';
import { AccountPageLayout, FormCard } from './account-page-layout';
import { EmailForm } from './email-form';
import { useAuthModal } from './auth-modal-context';

/** `/resend-verification?email=`: where an unverified sign-in lands, with the address already filled in. */
export function ResendVerificationPage({ email }: { email: string | null }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const modal = useAuthModal();
  const resend = useResendVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (address: string, again = false) => {
    resend.mutate(
      { email: address },
      {
        onSuccess: () => {
          setSentTo(address);
          if (again) toast({ variant: 'success', title: t('toast.resentTitle') });
        },
      },
    );
  };

  const failure = resend.isError ? (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {t('verifyEmail.error')}
    </Alert>
  ) : null;

  return (
    <AccountPageLayout title={tc('pages.resendVerification')}>
      {sentTo === null ? (
        <FormCard intro={t('resendVerification.intro')}>
          {failure}
          <EmailForm initialEmail={email ?? ''} submitLabel={t('resendVerification.submit')} pending={resend.isPending} onSubmit={(address) => send(address)} />
        </FormCard>
      ) : (
        <>
          {failure}
          <StatusPanel
            role="status"
            tone="success"
            icon={<MarkEmailReadOutlinedIcon />}
            title={t('resendVerification.sentTitle')}
            actions={
              <>
                <Button
                  variant="contained"
                  onClick={() => send(sentTo, true)}
                  disabled={resend.isPending}
                  aria-busy={resend.isPending}
                  startIcon={resend.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
                >
                  {t('resendVerification.resendAgain')}
                </Button>
                <Button component={RouterLink} to="/" variant="outlined" onClick={() => modal.open('login')}>
                  {t('resendVerification.signIn')}
                </Button>
              </>
            }
          >
            <Typography>{t('resendVerification.sentBody', { email: sentTo })}</Typography>
          </StatusPanel>
        </>
      )}
    </AccountPageLayout>
  );
}
