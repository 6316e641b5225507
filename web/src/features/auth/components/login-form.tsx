import { SubmitButton } from '../../../components/forms/submit-button';
import { LoginRequest } from '@recup/command-api/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useLogin } from '../api/login';
import { useAuthModal } from './auth-modal-context';

type FieldErrors = { email?: string | undefined; password?: string | undefined };

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
  // Wrong credentials belong to the form: said in it, and gone as soon as the learner changes what they typed.
  const [failure, setFailure] = useState<string | null>(null);
  const dismissEmailToast = useRef<(() => void) | null>(null);
  const alertId = useId();

  const edit = (field: keyof FieldErrors, value: string) => {
    if (field === 'email') {
      setEmail(value);
      dismissEmailToast.current?.();
      dismissEmailToast.current = null;
    } else setPassword(value);
    setFailure(null);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

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
    setFailure(null);
    loginMutation.mutate(parsed.data, {
      onSuccess: (user) => {
        toast({ variant: 'success', title: t('toast.loginSuccessTitle'), description: t('toast.loginSuccess'), group: 'auth' });
        modal.close();
        setPassword('');
        if (user.role === 'ADMIN') void navigate('/admin');
        else if (user.role === 'ORGANIZATION') void navigate('/organization');
      },
      onError: (error) => {
        if (isApiError(error) && error.requiresVerification) {
          // It explains the page it sends the learner to: it stays there.
          toast({ variant: 'destructive', title: t('toast.notVerifiedTitle'), description: t('toast.notVerified'), group: 'auth', keepOnNavigation: true });
          modal.close();
          void navigate(`/resend-verification?email=${encodeURIComponent(parsed.data.email)}`);
          return;
        }
        // Wrong credentials get our fixed wording; anything else (rate limit, outage) the server's own message.
        setFailure((isApiError(error) && error.status !== 401 && serverMessageOf(error)) || t('toast.loginError'));
      },
    });
  };

  const forgotPassword = () => {
    const address = email.trim();
    if (!address) {
      setErrors((current) => ({ ...current, email: t('toast.emailRequired') }));
      dismissEmailToast.current = toast({ variant: 'destructive', title: t('toast.emailRequiredTitle'), description: t('toast.emailRequired'), group: 'forgot' });
      return;
    }
    resetMutation.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('toast.forgotSent'), group: 'forgot' });
          modal.close();
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: t('toast.forgotErrorTitle'), description: serverMessageOf(error) ?? t('toast.genericError'), group: 'forgot' });
        },
      },
    );
  };

  const pending = loginMutation.isPending;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-describedby={failure ? alertId : undefined}>
      <Stack spacing={2.5}>
        {failure ? (
          <Alert id={alertId} severity="error" role="alert">
            <AlertTitle>{t('toast.loginErrorTitle')}</AlertTitle>
            {failure}
          </Alert>
        ) : null}
        <TextField
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => edit('email', event.target.value)}
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
          onChange={(event) => edit('password', event.target.value)}
          error={Boolean(errors.password) || failure !== null}
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
