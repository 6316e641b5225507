import { SubmitButton } from '../../../components/forms/submit-button';
import { EmailRequest } from '@recup/command-api/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  initialEmail?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (email: string) => void;
  /** Shown under the submit button, such as a way back to sign-in. */
  secondaryAction?: ReactNode;
};

/** The one-field forms of the account pages (forgot password, resend verification): a valid address or nothing. */
export function EmailForm({ initialEmail = '', submitLabel, pending, onSubmit, secondaryAction }: Props) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = EmailRequest.safeParse({ email });
    if (!parsed.success) {
      setError(t('validation.email'));
      return;
    }
    setError(null);
    onSubmit(parsed.data.email);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <TextField
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
          disabled={pending}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <SubmitButton pending={pending}>
          {submitLabel}
        </SubmitButton>
        {secondaryAction}
      </Stack>
    </Box>
  );
}
