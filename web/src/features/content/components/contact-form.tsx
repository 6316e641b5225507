import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { fieldsWithIssues } from '../../../lib/form-issues';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_FIELDS, CONTACT_MAX_LENGTH, ContactMessage, type ContactField } from '../utils/contact-message';

type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const emptyValues: Values = { name: '', email: '', subject: '', message: '' };

/** Name, e-mail, subject and message; a valid message "goes" after the simulated delay, then the form starts over. */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const send = useSendContactMessage();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ContactMessage.safeParse(values);
    if (!parsed.success) {
      const invalid = fieldsWithIssues(parsed.error);
      const found: Errors = {};
      for (const field of CONTACT_FIELDS) if (invalid.has(field)) found[field] = t(`contact.validation.${field}`);
      setErrors(found);
      const first = CONTACT_FIELDS.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(emptyValues);
        toast({ variant: 'success', title: t('contact.toast.successTitle'), description: t('contact.toast.success') });
      },
    });
  };

  const pending = send.isPending;
  const field = (name: ContactField, props: { type?: string; autoComplete?: string; multiline?: boolean; helper?: string } = {}) => (
    <TextField
      label={t(`contact.form.${name}`)}
      name={name}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete ?? 'off'}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? props.helper}
      disabled={pending}
      required
      fullWidth
      multiline={props.multiline}
      minRows={props.multiline ? 5 : undefined}
      inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
        inputs.current[name] = element;
      }}
      slotProps={{ htmlInput: { maxLength: CONTACT_MAX_LENGTH[name] } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={labelledBy}>
      <Stack spacing={2.5}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {tc('profileFields.requiredNote')}
        </Typography>
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('subject')}
        {field('message', { multiline: true, helper: t('contact.form.messageHint') })}
        <Box>
          <SubmitButton pending={pending}>{t('contact.form.submit')}</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
