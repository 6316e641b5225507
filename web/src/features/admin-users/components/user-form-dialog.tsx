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
import type { AdminUserDto } from '@recup/query-api/contracts/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { createUser, updateUser } from '../api/user-queries';
import { checkNewUser, checkUserChanges, emptyUser, valuesOfUser, type UserFormField, type UserFormValues } from './user-form';

const ROLES = ['USER', 'ORGANIZATION', 'ADMIN'] as const;

/** "Create New User" and "Edit User" (spec 001 §2, §5): in the edit dialog the role is shown, not changed. */
export function UserFormDialog({ open, user, onClose }: { open: boolean; user: AdminUserDto | null; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      {/* The dialog's content mounts when it opens: the form starts from the user shown, or empty. */}
      <UserForm titleId={titleId} user={user} onClose={onClose} />
    </Dialog>
  );
}

function UserForm({ titleId, user, onClose }: { titleId: string; user: AdminUserDto | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const editing = user !== null;
  const [values, setValues] = useState<UserFormValues>(() => (user ? valuesOfUser(user) : emptyUser()));
  const [errors, setErrors] = useState<Partial<Record<UserFormField, string>>>({});
  /** The server's own words for a field it refused (a name with a link in it, a common password), in the admin's language. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<UserFormField, string>>>({});
  // The revision the form's values were read at (the list may refresh meanwhile), sent as If-Match.
  const [readRevision] = useState(user?.revision);
  const [stale, setStale] = useState<StaleEdit | null>(null);
  const onError = (error: unknown) => {
    setStale(staleEditOf(error));
    const message = serverMessageOf(error);
    if (isApiError(error) && error.status === 400 && error.field && error.field in values && message) setServerErrors({ [error.field as UserFormField]: message });
  };
  const create = useAdminMutation(createUser, { success: () => ({ title: t('users.form.created') }), fallback: t('users.form.createFailed'), onSuccess: onClose, onError });
  const update = useAdminMutation(updateUser, { success: () => ({ title: t('users.form.updated') }), fallback: t('users.form.updateFailed'), onSuccess: onClose, onError, shows: (error) => staleEditOf(error) !== null });
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      const { input, errors: found } = checkNewUser(values);
      setErrors(found);
      if (input) create.mutate(input);
      return;
    }
    const { changes, errors: found } = checkUserChanges(user, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changes === null) onClose();
    else update.mutate({ id: user.id, changes, revision: readRevision });
  };
  const change = (field: UserFormField, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'password', label: string, extra: { required?: boolean; type?: string; hint?: string; autoComplete?: string } = {}) => (
    <TextField
      name={field}
      label={label}
      type={extra.type}
      required={extra.required}
      fullWidth
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      error={Boolean(errors[field] ?? serverErrors[field])}
      helperText={errors[field] ? t(errors[field] as never) : (serverErrors[field] ?? extra.hint)}
      autoComplete={extra.autoComplete}
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{editing ? t('users.form.editTitle') : t('users.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('common.requiredNote')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={12}>{text('email', t('users.form.email'), { required: true, type: 'email', autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('firstName', t('users.form.firstName'), { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('lastName', t('users.form.lastName'), { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('phoneNumber', t('users.form.phoneNumber'), { type: 'tel' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select name="language" label={t('users.form.language')} required fullWidth value={values.language} onChange={(event) => change('language', event.target.value)} error={Boolean(errors.language)} helperText={errors.language ? t(errors.language as never) : undefined}>
                <MenuItem value="FR">{t('users.form.languageFR')}</MenuItem>
                <MenuItem value="EN">{t('users.form.languageEN')}</MenuItem>
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                name="role"
                label={t('users.form.role')}
                required
                fullWidth
                disabled={editing}
                value={values.role}
                onChange={(event) => change('role', event.target.value)}
                error={Boolean(errors.role)}
                helperText={errors.role ? t(errors.role as never) : editing ? t('users.form.roleLocked') : undefined}
              >
                {ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`status.role.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('password', t('users.form.password'), { required: !editing, type: 'password', hint: editing ? t('users.form.passwordEditHint') : t('users.form.passwordHint'), autoComplete: 'new-password' })}
            </Grid>
            <Grid size={12}>
              <FormControlLabel control={<Checkbox checked={values.isVerified} onChange={(event) => change('isVerified', event.target.checked)} />} label={t('users.form.isVerified')} />
            </Grid>
            {stale && (
              <Grid size={12}>
                <StaleEditAlert stale={stale} />
              </Grid>
            )}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={stale !== null}>
            {editing ? t('common.save') : t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </>
  );
}
