import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminOrganizationDto, AdminUserDto } from '@recup/query-api/contracts/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { isApiError } from '../../../lib/api-client';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { createOrganization, updateOrganization, type OrganizationInput } from '../api/organization-queries';

type Values = Omit<OrganizationInput, 'website' | 'description' | 'ownerUserId' | 'approvalGrantedOn' | 'approvalExpiresOn'> & {
  website: string; description: string; ownerUserId: string; approvalGrantedOn: string; approvalExpiresOn: string;
};
type Field = keyof Values;

const valuesOf = (o: AdminOrganizationDto | null): Values => ({
  name: o?.name ?? '', address: o?.address ?? '', city: o?.city ?? '', postalCode: o?.postalCode ?? '', email: o?.email ?? '', phoneNumber: o?.phoneNumber ?? '',
  website: o?.website ?? '', description: o?.description ?? '', prefectApprovalReference: o?.prefectApprovalReference ?? '', isVerified: o?.isVerified ?? true, ownerUserId: o?.owner?.id ?? '',
  approvalGrantedOn: o?.approvalGrantedOn ?? '', approvalExpiresOn: o?.approvalExpiresOn ?? '',
});

/** Spec 001 §5 "Admin create organization": name, address, city, postal code, e-mail, phone and the prefect's reference required (edit too). */
function validateOrganization(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['name', 'address', 'city', 'postalCode', 'email', 'phoneNumber'] as const) if (!values[field].trim()) errors[field] = 'organizations.form.required';
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'organizations.form.email_';
  if (values.website.trim() && !/^https?:\/\/[^\s.]+\.[^\s]+$/i.test(values.website.trim())) errors.website = 'organizations.form.website_';
  if (!values.prefectApprovalReference.trim()) errors.prefectApprovalReference = 'organizations.form.prefectRequired';
  // The approval's dates: an end needs its grant, and comes after it (the server checks the same).
  if (values.approvalExpiresOn && !values.approvalGrantedOn) errors.approvalGrantedOn = 'organizations.form.approvalGrantRequired';
  else if (values.approvalExpiresOn && values.approvalExpiresOn < values.approvalGrantedOn) errors.approvalExpiresOn = 'organizations.form.approvalEndBeforeGrant';
  return errors;
}

/** Creates a centre (verified at once) or edits one (its verification as chosen), and names the account that manages it. */
export function OrganizationFormDialog({ open, organization, accounts, onClose }: { open: boolean; organization: AdminOrganizationDto | null; accounts: AdminUserDto[]; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      {/* The dialog's content mounts when it opens: the form starts from the centre shown, or empty. */}
      <OrganizationForm titleId={titleId} organization={organization} accounts={accounts} onClose={onClose} />
    </Dialog>
  );
}

function OrganizationForm({ titleId, organization, accounts, onClose }: { titleId: string; organization: AdminOrganizationDto | null; accounts: AdminUserDto[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<Values>(() => valuesOf(organization));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const editing = organization !== null;
  // The revision the form's values were read at (the list may refresh meanwhile), sent as If-Match.
  const [readRevision] = useState(organization?.revision);
  const [stale, setStale] = useState<StaleEdit | null>(null);
  const mutation = useAdminMutation(
    (input: OrganizationInput) => (editing ? updateOrganization({ ...input, id: organization.id, revision: readRevision }) : createOrganization(input)),
    {
      success: () => ({ title: editing ? t('organizations.form.updated') : t('organizations.form.created') }),
      onSuccess: onClose,
      shows: (error) => staleEditOf(error) !== null,
      onError: (error) => {
        setStale(staleEditOf(error));
        if (isApiError(error) && error.field && error.field in values) setErrors((current) => ({ ...current, [error.field!]: error.message }));
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrganization(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({
      name: values.name.trim(), address: values.address.trim(), city: values.city.trim(), postalCode: values.postalCode.trim(), email: values.email.trim(), phoneNumber: values.phoneNumber.trim(),
      website: values.website.trim() || null, description: values.description.trim() || null, prefectApprovalReference: values.prefectApprovalReference.trim(),
      isVerified: editing ? values.isVerified : true, ownerUserId: values.ownerUserId || null,
      approvalGrantedOn: values.approvalGrantedOn || null, approvalExpiresOn: (values.approvalGrantedOn && values.approvalExpiresOn) || null,
    });
  };
  const field = (name: Exclude<Field, 'isVerified'>, label: string, required = false, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      name={name}
      label={label}
      required={required}
      fullWidth
      {...extra}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ? (errors[name].includes(' ') ? errors[name] : t(errors[name] as never)) : extra.helperText}
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{editing ? t('organizations.form.editTitle') : t('organizations.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('common.requiredNote')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('name', t('organizations.form.name'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('prefectApprovalReference', t('organizations.form.prefectApprovalReference'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('approvalGrantedOn', t('organizations.form.approvalGrantedOn'), false, { type: 'date', slotProps: { inputLabel: { shrink: true } }, helperText: t('organizations.form.approvalGrantedOnHint') })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('approvalExpiresOn', t('organizations.form.approvalExpiresOn'), false, { type: 'date', slotProps: { inputLabel: { shrink: true } }, helperText: t('organizations.form.approvalExpiresOnHint') })}
            </Grid>
            <Grid size={12}>{field('address', t('organizations.form.address'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 8 }}>{field('city', t('organizations.form.city'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('postalCode', t('organizations.form.postalCode'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('email', t('organizations.form.email'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('phoneNumber', t('organizations.form.phoneNumber'), true)}</Grid>
            <Grid size={12}>{field('website', t('organizations.form.website'))}</Grid>
            <Grid size={12}>
              <TextField
                name="description"
                label={t('organizations.form.description')}
                fullWidth
                multiline
                minRows={2}
                value={values.description}
                onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
              />
            </Grid>
            <Grid size={12}>
              <TextField select name="ownerUserId" label={t('organizations.form.owner')} helperText={t('organizations.form.ownerHint')} fullWidth value={values.ownerUserId} onChange={(event) => setValues((current) => ({ ...current, ownerUserId: event.target.value }))}>
                <MenuItem value="">{t('organizations.form.noOwner')}</MenuItem>
                {accounts.map((account) => (
                  <MenuItem key={account.id} value={account.id}>
                    {`${account.firstName} ${account.lastName} · ${account.email}`}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {stale && (
              <Grid size={12}>
                <StaleEditAlert stale={stale} />
              </Grid>
            )}
            <Grid size={12}>
              {editing ? (
                <FormControlLabel control={<Checkbox checked={values.isVerified} onChange={(event) => setValues((current) => ({ ...current, isVerified: event.target.checked }))} />} label={t('organizations.form.isVerified')} />
              ) : (
                <Alert severity="info">{t('organizations.form.createdVerified')}</Alert>
              )}
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending} disabled={stale !== null}>
            {editing ? t('common.save') : t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
