import { SubmitButton } from '../../../components/forms/submit-button';
import { RegisterRequest } from '@recup/command-api/contracts';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DetailsFields, IdentityFields } from '../../../components/forms/profile-fields';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { fieldsWithIssues, fieldsWithNameIssues } from '../../../lib/form-issues';
import { birthDateProblem, birthDateTime, emptyProfileValues, profileInputOf, type ProfileField, type ProfileValues } from '../../../lib/profile-values';
import { useLanguage } from '../../../lib/use-language';
import { useRegister } from '../api/register';
import { useAuthModal } from './auth-modal-context';

/** Specification §9: the modal closes by itself this long after a successful sign-up. */
const CLOSE_AFTER_SIGN_UP_MS = 2000;

type Values = ProfileValues & { email: string; password: string; confirmPassword: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const FIELDS = new Set<string>([
  'email',
  'password',
  'confirmPassword',
  ...(Object.keys(emptyProfileValues('fr')) as ProfileField[]),
]);

function isField(name: string | undefined): name is Field {
  return name !== undefined && FIELDS.has(name);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const toast = useToast();
  const modal = useAuthModal();
  const registerMutation = useRegister();
  // The page the modal was opened on (a course): the verification link brings the learner back there.
  const location = useLocation();
  const returnTo = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
  const initialValues = (): Values => ({ ...emptyProfileValues(language), email: '', password: '', confirmPassword: '' });
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { close } = modal;
  const form = useRef<HTMLFormElement>(null);
  // The field the server found wrong, to take the learner to once the form is enabled again.
  const focusOn = useRef<Field | null>(null);
  const pendingNow = registerMutation.isPending;
  useEffect(() => {
    if (!focusOn.current || pendingNow) return;
    const input = form.current?.elements.namedItem(focusOn.current);
    if (input instanceof HTMLElement) input.focus();
    focusOn.current = null;
  }, [errors, pendingNow]);

  useEffect(() => {
    if (registeredEmail === null) return;
    // Choosing "sign in" first unmounts this form, and with it the timer: the modal then stays open on sign-in.
    const timer = setTimeout(close, CLOSE_AFTER_SIGN_UP_MS);
    return () => clearTimeout(timer);
  }, [registeredEmail, close]);

  const change = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const messageFor = (field: Field): string => {
    switch (field) {
      case 'email':
        return t('validation.email');
      case 'password':
        return t('validation.newPassword');
      case 'firstName':
        return t('validation.firstName');
      case 'lastName':
        return t('validation.lastName');
      case 'title':
      case 'language':
        return t('validation.required');
      case 'dateOfBirth':
        return t(`dateInput.errors.${birthDateProblem(values.dateOfBirth, language) ?? 'incomplete'}`, { ns: 'common' });
      default:
        return t('validation.invalid');
    }
  };

  const validate = () => {
    const { confirmPassword, ...rest } = values;
    const parsed = RegisterRequest.safeParse({ ...rest, ...profileInputOf(rest, language) });
    const found: Errors = {};
    if (!parsed.success) {
      for (const field of fieldsWithIssues(parsed.error)) if (isField(field)) found[field] = messageFor(field);
      for (const field of fieldsWithNameIssues(parsed.error)) if (field === 'firstName' || field === 'lastName') found[field] = t(`nameRule.${field}`, { ns: 'common' });
    }
    if (birthDateProblem(values.dateOfBirth, language)) found.dateOfBirth = messageFor('dateOfBirth');
    if (confirmPassword === '') found.confirmPassword = t('validation.confirmRequired');
    else if (confirmPassword !== values.password) found.confirmPassword = t('validation.passwordsDontMatch');
    return { data: parsed.success ? parsed.data : null, errors: found };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validate();
    setErrors(found);
    if (!data || Object.keys(found).length > 0) return;
    registerMutation.mutate({ ...data, dateOfBirth: birthDateTime(data.dateOfBirth), returnTo }, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.registerSuccessTitle'), description: t('toast.registerSuccess'), group: 'register' });
        setValues(initialValues());
        setRegisteredEmail(data.email);
      },
      onError: (error) => {
        const message = serverMessageOf(error);
        if (isApiError(error) && error.status === 400 && isField(error.field) && message) {
          // Said on the field it is about, which the learner is about to correct: no toast over the form.
          setErrors({ [error.field]: message });
          focusOn.current = error.field;
          return;
        }
        toast({ variant: 'destructive', title: t('toast.registerErrorTitle'), description: message ?? t('toast.registerError'), group: 'register' });
      },
    });
  };

  if (registeredEmail !== null) {
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
        <MarkEmailReadOutlinedIcon color="success" aria-hidden="true" sx={{ fontSize: 48, mb: 1 }} />
        <Typography component="h3" variant="h5" sx={{ mb: 1 }}>
          {t('signUp.successTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('signUp.successBody', { email: registeredEmail })}
        </Typography>
        <Button variant="contained" onClick={() => modal.setMode('login')}>
          {t('signUp.toLogin')}
        </Button>
      </Box>
    );
  }

  const pending = registerMutation.isPending;
  const passwordField = (field: 'password' | 'confirmPassword', label: string, helper?: string) => (
    <TextField
      label={label}
      type="password"
      name={field}
      autoComplete="new-password"
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? helper}
      disabled={pending}
      required
      fullWidth
      slotProps={{ htmlInput: { maxLength: 128 } }}
    />
  );

  return (
    <Box component="form" ref={form} noValidate onSubmit={submit}>
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary">
          {t('profileFields.requiredNote', { ns: 'common' })}
        </Typography>
        <Section title={t('signUp.identity')}>
          <IdentityFields values={values} errors={errors} onChange={change} disabled={pending} titleRequired />
        </Section>
        <Section title={t('signUp.account')}>
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextField
                label={t('form.email')}
                type="email"
                name="email"
                autoComplete="email"
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email}
                disabled={pending}
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: 254 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{passwordField('password', t('form.password'), t('signUp.passwordHint'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{passwordField('confirmPassword', t('signUp.confirmPassword'))}</Grid>
          </Grid>
        </Section>
        <Section title={t('signUp.details')}>
          <DetailsFields values={values} errors={errors} onChange={change} disabled={pending} />
        </Section>
        <SubmitButton pending={pending}>
          {t('signUp.submit')}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
