import { SubmitButton } from '../../../components/forms/submit-button';
import { ChangePasswordRequest } from '@recup/command-api/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { fieldsWithIssues } from '../../../lib/form-issues';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const changePassword = useChangePassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChangePasswordRequest.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    const invalid = parsed.success ? new Set<string>() : fieldsWithIssues(parsed.error);
    const found: Errors = {};
    if (invalid.has('currentPassword')) found.currentPassword = t('password.currentRequired');
    if (invalid.has('newPassword')) found.newPassword = t('password.newMin');
    if (values.confirmPassword === '') found.confirmPassword = t('password.confirmRequired');
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = t('password.mismatch');
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;

    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({ variant: 'success', title: t('toast.passwordChangedTitle'), description: t('toast.passwordChanged') });
      },
      onError: (error) => {
        const message = serverMessageOf(error);
        if (isApiError(error) && error.code === 'WRONG_PASSWORD') {
          setErrors({ currentPassword: message ?? t('password.wrong') });
          return;
        }
        if (isApiError(error) && (error.field === 'currentPassword' || error.field === 'newPassword') && message) {
          setErrors({ [error.field]: message });
        }
        toast({ variant: 'destructive', title: t('toast.passwordErrorTitle'), description: message ?? t('toast.genericError') });
      },
    });
  };

  const pending = changePassword.isPending;
  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? hint}
      disabled={pending}
      required
      fullWidth
      slotProps={{ htmlInput: { maxLength: 128 } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="change-password-title">
      <Typography id="change-password-title" component="h2" variant="h3" sx={{ mb: 3 }}>
        {t('password.title')}
      </Typography>
      <Stack spacing={2.5}>
        {field('currentPassword', t('password.current'), 'current-password')}
        {field('newPassword', t('password.new'), 'new-password', t('password.newHint'))}
        {field('confirmPassword', t('password.confirm'), 'new-password')}
        <Box>
          <SubmitButton pending={pending}>
            {t('password.submit')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
