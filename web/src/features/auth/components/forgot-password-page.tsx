import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useAuthModal } from './auth-modal-context';
import { AccountPageLayout, FormCard } from './account-page-layout';
import { EmailForm } from './email-form';

/**
 * `/forgot-password`: idle, sending, sent. "Sent" follows a failure too (specification §7): the page never tells
 * whether an address has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const modal = useAuthModal();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const backToLogin = (
    <Button component={RouterLink} to="/" variant="text" onClick={() => modal.open('login')}>
      {t('forgotPassword.backToLogin')}
    </Button>
  );

  return (
    <AccountPageLayout title={tc('pages.forgotPassword')}>
      {sentTo === null ? (
        <FormCard intro={t('forgotPassword.intro')}>
          <EmailForm
            submitLabel={t('forgotPassword.submit')}
            pending={request.isPending}
            onSubmit={(email) => request.mutate({ email }, { onSettled: () => setSentTo(email) })}
            secondaryAction={backToLogin}
          />
        </FormCard>
      ) : (
        <StatusPanel role="status" tone="success" icon={<MarkEmailReadOutlinedIcon />} title={t('forgotPassword.sentTitle')} actions={backToLogin}>
          <Typography>{t('forgotPassword.sentBody', { email: sentTo })}</Typography>
        </StatusPanel>
      )}
    </AccountPageLayout>
  );
}
