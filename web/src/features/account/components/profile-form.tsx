import { SubmitButton } from '../../../components/forms/submit-button';
import { UpdateProfileRequest } from '@recup/command-api/contracts';
import type { ProfileDto } from '@recup/query-api/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsFields, IdentityFields, type ProfileFieldErrors } from '../../../components/forms/profile-fields';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { fieldsWithIssues, fieldsWithNameIssues } from '../../../lib/form-issues';
import { birthDateProblem, profileInputOf, profileValuesOf, type ProfileField, type ProfileValues } from '../../../lib/profile-values';
import { useLanguage } from '../../../lib/use-language';
import { useUpdateProfile } from '../api/update-profile';

function isProfileField(values: ProfileValues, name: string | undefined): name is ProfileField {
  return name !== undefined && Object.hasOwn(values, name);
}

export function ProfileForm({ profile }: { profile: ProfileDto }) {
  const { t, i18n } = useTranslation('account');
  const language = useLanguage();
  const toast = useToast();
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(profile));
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  // The revision the form's values were read at, sent as If-Match; a save refused as stale says who changed the profile.
  const [readRevision, setReadRevision] = useState(profile.revision);
  const [stale, setStale] = useState<StaleEdit | null>(null);

  const change = useCallback((field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const messageFor = (field: ProfileField): string => {
    if (field === 'firstName') return t('validation.firstName');
    if (field === 'lastName') return t('validation.lastName');
    if (field === 'language') return t('validation.required');
    if (field === 'dateOfBirth') return t(`dateInput.errors.${birthDateProblem(values.dateOfBirth, language) ?? 'incomplete'}`, { ns: 'common' });
    return t('validation.invalid');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UpdateProfileRequest.safeParse(profileInputOf(values, language));
    const found: ProfileFieldErrors = {};
    if (!parsed.success) {
      for (const field of fieldsWithIssues(parsed.error)) if (isProfileField(values, field)) found[field] = messageFor(field);
      for (const field of fieldsWithNameIssues(parsed.error)) if (field === 'firstName' || field === 'lastName') found[field] = t(`nameRule.${field}`, { ns: 'common' });
    }
    if (birthDateProblem(values.dateOfBirth, language)) found.dateOfBirth = messageFor('dateOfBirth');
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    const previousLanguage = profile.language;
    update.mutate({ ...parsed.data, ifMatch: readRevision }, {
      onSuccess: (saved) => {
        setValues(profileValuesOf(saved));
        setReadRevision(saved.revision);
        toast({ variant: 'success', title: t('toast.updatedTitle'), description: t('toast.updated') });
        // The profile's language is the one the learner reads us in: choosing another switches the interface too.
        if (saved.language !== previousLanguage) void i18n.changeLanguage(saved.language.toLowerCase());
      },
      onError: (error) => {
        const staleEdit = staleEditOf(error);
        if (staleEdit) {
          setStale(staleEdit);
          return;
        }
        const message = serverMessageOf(error);
        if (isApiError(error) && error.status === 400 && isProfileField(values, error.field) && message) {
          setErrors({ [error.field]: message });
        }
        toast({ variant: 'destructive', title: t('toast.loadError'), description: message ?? t('toast.updateError') });
      },
    });
  };

  const pending = update.isPending;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="profile-details-title">
      <Typography id="profile-details-title" component="h2" variant="h3" sx={{ mb: 1 }}>
        {t('details.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('profileFields.requiredNote', { ns: 'common' })}
      </Typography>
      <Stack spacing={3}>
        <TextField
          label={t('details.email')}
          name="email"
          type="email"
          value={profile.email}
          helperText={t('details.emailHint')}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <IdentityFields values={values} errors={errors} onChange={change} disabled={pending} titleRequired={false} />
        <DetailsFields values={values} errors={errors} onChange={change} disabled={pending} />
        {stale && <StaleEditAlert stale={stale} />}
        <Box>
          <SubmitButton pending={pending} disabled={stale !== null}>
            {t('details.save')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
