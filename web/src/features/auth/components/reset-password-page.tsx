import { SubmitButton } from '../../../components/forms/submit-button';
import { ResetPasswordRequest } from '@recup/command-api/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '../../../components/ui/status-panel';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AccountPageLayout, FormCard } from './account-page-layout';
import { useSignInAtHome } from './use-sign-in-at-home';

type Errors = { newPassword?: string | undefined; confirmPassword?: string | undefined };

const TOKEN_ERRORS = new Set(['TOKEN_INVALID', 'TOKEN_EXPIRED']);

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const signIn = useSignInAtHome();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ResetPasswordRequest.safeParse({ token, newPassword });
    const found: Errors = {
      newPassword: parsed.success ? undefined : t('resetPassword.passwordMin'),
      confirmPassword:
        confirmPassword.length < 8
          ? t('resetPassword.passwordMin')
          : confirmPassword !== newPassword
            ? t('resetPassword.mismatch')
            : undefined,
    };
    setErrors(found);
    if (!parsed.success || found.confirmPassword) return;
    reset.mutate(parsed.data, {
      onSettled: () => {
        setNewPassword('');
        setConfirmPassword('');
      },
      onError: (error) => {
        // A password the server refuses (one of the most common) is the field's to say: the form stays, the link too.
        const message = serverMessageOf(error);
        if (isApiError(error) && error.status === 400 && error.field === 'newPassword' && message) {
          setErrors({ newPassword: message });
          reset.reset();
        }
      },
    });
  };

  if (reset.isSuccess) {
    return (
      <StatusPanel
        role="status"
        tone="success"
        icon={<CheckCircleOutlineIcon />}
        title={t('resetPassword.successTitle')}
        actions={
          <Button variant="contained" onClick={signIn}>
            {t('resetPassword.signIn')}
          </Button>
        }
      >
        <Typography>{reset.data.message || t('resetPassword.successBody')}</Typography>
      </StatusPanel>
    );
  }

  if (reset.isError) {
    const error = reset.error;
    const tokenRefused = isApiError(error) && TOKEN_ERRORS.has(error.code);
    const message =
      isApiError(error) && error.code === 'TOKEN_EXPIRED' ? t('resetPassword.expired') : (serverMessageOf(error) ?? t('resetPassword.error'));
    return (
      <StatusPanel
        role="alert"
        tone="error"
        icon={<ErrorOutlineIcon />}
        title={t('resetPassword.errorTitle')}
        actions={
          <>
            {tokenRefused ? null : (
              <Button variant="contained" onClick={() => reset.reset()}>
                {t('resetPassword.tryAgain')}
              </Button>
            )}
            <Button component={RouterLink} to="/forgot-password" variant={tokenRefused ? 'contained' : 'outlined'}>
              {t('resetPassword.requestNewLink')}
            </Button>
          </>
        }
      >
        <Typography>{message}</Typography>
      </StatusPanel>
    );
  }

  const pending = reset.isPending;
  return (
    <FormCard intro={t('resetPassword.intro')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <TextField
            label={t('resetPassword.newPassword')}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              setErrors((current) => ({ ...current, newPassword: undefined }));
            }}
            error={Boolean(errors.newPassword)}
            helperText={errors.newPassword}
            disabled={pending}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 128 } }}
          />
          <TextField
            label={t('resetPassword.confirmPassword')}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword}
            disabled={pending}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 128 } }}
          />
          <SubmitButton pending={pending}>
            {t('resetPassword.submit')}
          </SubmitButton>
        </Stack>
      </Box>
    </FormCard>
  );
}

/** `/reset-password?token=`: idle, loading, success or error (specification §2 and §4). */
export function ResetPasswordPage({ token }: { token: string | null }) {
  const { t } = useTranslation();
  return (
    <AccountPageLayout title={t('pages.resetPassword')}>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <StatusPanel
          role="alert"
          tone="error"
          icon={<ErrorOutlineIcon />}
          title={t('resetPassword.errorTitle', { ns: 'auth' })}
          actions={
            <Button component={RouterLink} to="/" variant="contained">
              {t('resetPassword.back', { ns: 'auth' })}
            </Button>
          }
        >
          <Typography>{t('resetPassword.noToken', { ns: 'auth' })}</Typography>
        </StatusPanel>
      )}
    </AccountPageLayout>
  );
}
