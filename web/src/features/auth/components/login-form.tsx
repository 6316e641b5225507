import { SubmitButton } from '../../../components/forms/submit-button';
import { LoginRequest } from '@recup/command-api/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useLogin } from '../api/login';
import { useAuthModal } from './auth-modal-context';

type FieldErrors = { email?: string; password?: string };

export function LoginForm() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const modal = useAuthModal();
  const loginMutation = useLogin();
  const resetMutation = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginRequest.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const invalid = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        email: invalid.has('email') ? t('validation.email') : undefined,
        password: invalid.has('password') ? t('validation.password') : undefined,
      });
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: (user) => {
        toast({ variant: 'success', title: t('toast.loginSuccessTitle'), description: t('toast.loginSuccess') });
        modal.close();
        setPassword('');
        if (user.role === 'ADMIN') void navigate('/admin');
        else if (user.role === 'ORGANIZATION') void navigate('/organization');
      },
      onError: (error) => {
        if (isApiError(error) && error.requiresVerification) {
          toast({ variant: 'destructive', title: t('toast.notVerifiedTitle'), description: t('toast.notVerified') });
          modal.close();
          void navigate(`/resend-verification?email=${encodeURIComponent(parsed.data.email)}`);
          return;
        }
        // Wrong credentials get our fixed wording; anything else (rate limit, outage) the server's own message.
        const description = (isApiError(error) && error.status !== 401 && serverMessageOf(error)) || t('toast.loginError');
        toast({ variant: 'destructive', title: t('toast.loginErrorTitle'), description });
      },
    });
  };

  const forgotPassword = () => {
    const address = email.trim();
    if (!address) {
      toast({ variant: 'destructive', title: t('toast.emailRequiredTitle'), description: t('toast.emailRequired') });
      return;
    }
    resetMutation.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('toast.forgotSent') });
          modal.close();
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: t('toast.forgotErrorTitle'), description: serverMessageOf(error) ?? t('toast.genericError') });
        },
      },
    );
  };

  const pending = loginMutation.isPending;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <TextField
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          autoFocus
        />
        <TextField
          label={t('form.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" variant="body2" onClick={forgotPassword} disabled={resetMutation.isPending}>
            {t('form.forgotPassword')}
          </Link>
        </Box>
        <SubmitButton pending={pending}>
          {t('form.submit')}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
