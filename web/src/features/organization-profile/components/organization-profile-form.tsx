import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import {
  checkOrganization, ORGANIZATION_IDENTITY_FIELDS, type OrganizationField, type OrganizationInput, type OrganizationIssue,
} from '@recup/shared-events/organizations/organization-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useSaveCentreProfile } from '../api/profile-queries';

type Values = Record<OrganizationField, string>;
type Errors = Partial<Record<OrganizationField, string>>;

const FIELDS: readonly OrganizationField[] = ['name', 'address', 'city', 'postalCode', 'email', 'phoneNumber', 'website', 'description', 'descriptionEn', 'prefectApprovalReference'];
const OPTIONAL: ReadonlySet<OrganizationField> = new Set(['website', 'prefectApprovalReference']);

const IDENTITY: ReadonlySet<OrganizationField> = new Set(ORGANIZATION_IDENTITY_FIELDS);

/** The form starts from the centre's details, its identity as it asked for it when a change awaits approval. */
const valuesOf = (centre: OrganizationDto | null): Values => {
  const pending = centre?.pendingIdentityChange;
  return Object.fromEntries(FIELDS.map((field) => [field, (pending && IDENTITY.has(field) ? pending[field as keyof typeof pending] : centre?.[field]) ?? ''])) as Values;
};

/** The centre's profile form, checked by spec 001 §5's rules (the server checks the same). */
export function OrganizationProfileForm({ centre }: { centre: OrganizationDto | null }) {
  const { t } = useTranslation('organization');
  const toast = useToast();
  const save = useSaveCentreProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(centre));
  const [errors, setErrors] = useState<Errors>({});
  // The revision the form's values were read at, sent as If-Match; a save refused as stale says who changed the centre.
  const [readRevision, setReadRevision] = useState(centre?.revision);
  const [stale, setStale] = useState<StaleEdit | null>(null);
  // A change approved, rejected or withdrawn (here or by an administrator) starts the form again from what now stands.
  const standing = JSON.stringify([centre?.pendingIdentityChange?.requestId ?? null, ...ORGANIZATION_IDENTITY_FIELDS.map((f) => centre?.[f] ?? null)]);
  const [seen, setSeen] = useState(standing);
  if (seen !== standing) {
    setSeen(standing);
    setValues(valuesOf(centre));
    setReadRevision(centre?.revision);
  }

  const message = (issue: OrganizationIssue): string => {
    const label = t(`profile.fields.${issue.field}`);
    switch (issue.code) {
      case 'ORGANIZATION_FIELD_REQUIRED':
        return t('profile.errors.required', { field: label });
      case 'ORGANIZATION_FIELD_TOO_SHORT':
        return issue.field === 'descriptionEn' ? t('profile.errors.descriptionEnTooShort') : t('profile.errors.tooShort', { field: label, min: issue.min });
      case 'PREFECT_APPROVAL_REQUIRED':
        return t('profile.errors.required', { field: label });
      default:
        return t(`profile.errors.${issue.code}`);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: OrganizationInput = values;
    const check = checkOrganization(input, 'centre');
    if (!check.ok) {
      const found: Errors = {};
      for (const issue of check.issues) found[issue.field] ??= message(issue);
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ ...Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() || null])), ifMatch: readRevision }, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        setReadRevision(saved.revision);
        const asked = saved.pendingIdentityChange && saved.pendingIdentityChange.requestId !== centre?.pendingIdentityChange?.requestId;
        toast(!centre
          ? { variant: 'success', title: t('profile.toast.registered'), description: t('profile.toast.registeredBody') }
          : asked
            ? { variant: 'success', title: t('profile.toast.changeRequested'), description: t('profile.toast.changeRequestedBody') }
            : { variant: 'success', title: t('profile.toast.profileUpdated'), description: t('profile.toast.profileUpdatedBody') });
      },
      onError: (error) => {
        const staleEdit = staleEditOf(error);
        if (staleEdit) {
          setStale(staleEdit);
          return;
        }
        const text = serverMessageOf(error);
        if (isApiError(error) && error.field && text && (FIELDS as readonly string[]).includes(error.field)) setErrors({ [error.field]: text });
        toast({ variant: 'destructive', title: t('profile.toast.updateError'), description: text ?? t('errors.generic') });
      },
    });
  };

  /** A verified centre's identity changes with an administrator's approval: the form says so under each such field. */
  const approvalHint = (name: OrganizationField): string | undefined => {
    if (!centre?.isVerified || !IDENTITY.has(name)) return undefined;
    const pending = centre.pendingIdentityChange;
    const current = centre[name] ?? '';
    if (pending && (pending[name as keyof typeof pending] ?? '') !== current) return t('profile.hints.awaitingApproval', { current: current || t('identityChange.empty') });
    return t('profile.hints.needsApproval');
  };

  const field = (name: OrganizationField, { helperText, ...extra }: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      id={`centre-${name}`}
      name={name}
      label={OPTIONAL.has(name) ? `${t(`profile.fields.${name}`)} (${t('profile.optional')})` : t(`profile.fields.${name}`)}
      required={!OPTIONAL.has(name)}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? approvalHint(name) ?? helperText}
      disabled={save.isPending}
      fullWidth
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-label={t('profile.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: centre?.isVerified ? 1 : 3 }}>
        {t('profileFields.requiredNote', { ns: 'common' })}
      </Typography>
      {centre?.isVerified ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="identity-approval-note">
          {t('profile.identityNote')}
        </Typography>
      ) : null}
      <Stack spacing={2.5}>
        {field('name', { autoComplete: 'organization' })}
        {field('address', { autoComplete: 'street-address' })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('postalCode', { autoComplete: 'postal-code', slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } } })}
          {field('city', { autoComplete: 'address-level2' })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('email', { type: 'email', autoComplete: 'email' })}
          {field('phoneNumber', { type: 'tel', autoComplete: 'tel' })}
        </Stack>
        {field('website', { type: 'url', autoComplete: 'url', helperText: t('profile.hints.website') })}
        {field('description', { multiline: true, minRows: 3, helperText: t('profile.hints.description') })}
        {field('descriptionEn', { multiline: true, minRows: 3, helperText: t('profile.hints.description') })}
        {field('prefectApprovalReference', { helperText: t('profile.hints.prefectPending') })}
        {stale && <StaleEditAlert stale={stale} />}
        <div>
          <SubmitButton pending={save.isPending} disabled={stale !== null}>{centre ? t('profile.save') : t('profile.register')}</SubmitButton>
        </div>
      </Stack>
    </form>
  );
}
