import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { emailVerificationQueries } from '../api/verify-email';
import { AccountPageLayout } from './account-page-layout';
import { useSignInAt } from './use-sign-in-at-home';

/** `returnTo`: the checked path of the page the learner signed up from (a course), where signing in brings them back. */
type Props = { token: string | null; email: string | null; returnTo?: string | null };

function VerificationFailed({ message, email }: { message: string; email: string | null }) {
  const { t } = useTranslation('auth');
  const resendTo = email ? `/resend-verification?email=${encodeURIComponent(email)}` : '/resend-verification';
  return (
    <StatusPanel
      role="alert"
      tone="error"
      icon={<ErrorOutlineIcon />}
      title={t('verifyEmail.errorTitle')}
      actions={
        <>
          <Button component={RouterLink} to={resendTo} variant="contained">
            {t('verifyEmail.resend')}
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            {t('verifyEmail.backHome')}
          </Button>
        </>
      }
    >
      <Typography>{message}</Typography>
    </StatusPanel>
  );
}

function Verification({ token, email, returnTo }: { token: string; email: string | null; returnTo: string | null }) {
  const { t } = useTranslation('auth');
  const signIn = useSignInAt(returnTo ?? '/');
  const query = useQuery(emailVerificationQueries.byToken(token));

  if (query.isPending) return <PageLoader label={t('verifyEmail.loading')} />;
  if (query.isError) {
    const error = query.error;
    const message =
      isApiError(error) && error.code === 'TOKEN_EXPIRED' ? t('verifyEmail.expired') : (serverMessageOf(error) ?? t('verifyEmail.error'));
    return <VerificationFailed message={message} email={email} />;
  }
  return (
    <StatusPanel
      role="status"
      tone="success"
      icon={<CheckCircleOutlineIcon />}
      title={t('verifyEmail.successTitle')}
      actions={
        <Button variant="contained" onClick={signIn}>
          {t('verifyEmail.signIn')}
        </Button>
      }
    >
      <Typography>{query.data.message || t('verifyEmail.successBody')}</Typography>
      {returnTo?.startsWith('/courses/') ? <Typography sx={{ mt: 1 }}>{t('verifyEmail.backToCourse')}</Typography> : null}
    </StatusPanel>
  );
}

/** `/verify-email?token=`: spends the token once, then says how it went (specification §2, account flows). */
export function VerifyEmailPage({ token, email, returnTo = null }: Props) {
  const { t } = useTranslation();
  return (
    <AccountPageLayout title={t('pages.verifyEmail')}>
      {token ? <Verification token={token} email={email} returnTo={returnTo} /> : <VerificationFailed message={t('verifyEmail.noToken', { ns: 'auth' })} email={email} />}
    </AccountPageLayout>
  );
}
