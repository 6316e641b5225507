import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { isApiError } from '../../../lib/api-client';
import { createCourse, type CreateCourseInput } from '../api/course-queries';
import { parisLocalToIso, proposedEnd } from '../utils/paris-time';

const DEPARTMENTS = ['04', '05', '06', '13', '83', '84'] as const;
/** Spec 001 §9: a new course is offered at 250 € for 20 places. */
const DEFAULTS = { price: '250', totalSpots: '20' };

type Values = { title: string; description: string; organizationId: string; address: string; city: string; postalCode: string; department: string; startDate: string; endDate: string; price: string; totalSpots: string; antsNumber: string };
type Field = keyof Values;

const empty = (): Values => ({ title: '', description: '', organizationId: '', address: '', city: '', postalCode: '', department: '', startDate: '', endDate: '', ...DEFAULTS, antsNumber: '' });

/** Spec 001 §5 "Admin create course": every field required but the ANTS number; price in euros (≥ 0, cents), 1 to 20 places. */
export function validateCourse(values: Values): { errors: Partial<Record<Field, string>>; input: CreateCourseInput | null } {
  const errors: Partial<Record<Field, string>> = {};
  const required: Field[] = ['title', 'description', 'organizationId', 'address', 'city', 'postalCode', 'department', 'startDate', 'endDate', 'price', 'totalSpots'];
  for (const field of required) if (values[field].trim() === '') errors[field] = 'courses.form.required';
  if (values.postalCode.trim() && !/^\d{5}$/.test(values.postalCode.trim())) errors.postalCode = 'courses.form.postalCode5';
  const price = Number(values.price.replace(',', '.'));
  if (values.price.trim() && (!Number.isFinite(price) || price < 0)) errors.price = 'courses.form.priceMin';
  const spots = Number(values.totalSpots);
  if (values.totalSpots.trim() && (!Number.isInteger(spots) || spots < 1)) errors.totalSpots = 'courses.form.spotsMin';
  else if (spots > 20) errors.totalSpots = 'courses.form.spotsMax';
  const start = parisLocalToIso(values.startDate);
  const end = parisLocalToIso(values.endDate);
  if (values.startDate && !start) errors.startDate = 'courses.form.required';
  if (values.endDate && !end) errors.endDate = 'courses.form.required';
  if (start && end && end <= start) errors.endDate = 'courses.form.endAfterStart';
  if (Object.keys(errors).length > 0 || !start || !end) return { errors, input: null };
  return {
    errors,
    input: {
      title: values.title.trim(), description: values.description.trim(), organizationId: values.organizationId, address: values.address.trim(), city: values.city.trim(),
      postalCode: values.postalCode.trim(), department: values.department, startDate: start, endDate: end, price: Math.round(price * 100), totalSpots: spots,
      antsNumber: values.antsNumber.trim() || null,
    },
  };
}

/** The administrators' course creation (spec 001 §2): for any verified centre, created SCHEDULED. */
export function CreateCourseDialog({ open, organizations, onClose }: { open: boolean; organizations: AdminOrganizationDto[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useAdminMutation(createCourse, {
    success: () => ({ title: t('courses.form.created') }),
    // A rule of the law the server checks (a Sunday, a public holiday, too soon) shows under its field.
    onError: (error) => {
      if (isApiError(error) && error.field && error.field in values) setServerErrors({ [error.field]: error.message });
    },
    onSuccess: () => {
      setValues(empty());
      onClose();
    },
  });

  const change = (field: Field, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing the start proposes the end: the next day, at the same schedule.
      if (field === 'startDate' && (!current.endDate || current.endDate <= value)) next.endDate = proposedEnd(value);
      // The postal code gives the department.
      if (field === 'postalCode' && /^\d{5}$/.test(value) && (DEPARTMENTS as readonly string[]).includes(value.slice(0, 2))) next.department = value.slice(0, 2);
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateCourse(values);
    setErrors(found);
    if (input) mutation.mutate(input);
  };
  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: Boolean(errors[name] ?? serverErrors[name]),
    helperText: errors[name] ? t(errors[name] as never) : (serverErrors[name] ?? extra.helperText),
    fullWidth: true,
    ...extra,
  });

  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('courses.form.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('common.requiredNote')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('title')} label={t('courses.form.courseTitle')} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('organizationId')} select label={t('courses.form.organization')} required helperText={errors.organizationId ? t(errors.organizationId as never) : t('courses.form.onlyVerified')}>
                {organizations.map((o) => (
                  <MenuItem key={o.id} value={o.id} disabled={!o.isVerified}>
                    {o.isVerified ? o.name : `${o.name} (${t('status.pendingVerification')})`}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField {...field('description')} label={t('courses.form.description')} required multiline minRows={2} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('address')} label={t('courses.form.address')} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('city')} label={t('courses.form.city')} required />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField {...field('postalCode')} label={t('courses.form.postalCode')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField {...field('department')} select label={t('courses.form.department')} required>
                {DEPARTMENTS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('antsNumber')} label={t('courses.form.antsNumber')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('startDate')} type="datetime-local" label={t('courses.form.startDate')} required slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('endDate')} type="datetime-local" label={t('courses.form.endDate')} required slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField {...field('price')} type="number" label={t('courses.form.price')} required slotProps={{ htmlInput: { min: 0, step: 0.01 } }} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField {...field('totalSpots')} type="number" label={t('courses.form.totalSpots')} required slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }} />
            </Grid>
          </Grid>
          {mutation.isError ? null : organizations.every((o) => !o.isVerified) ? <Alert severity="warning" sx={{ mt: 2 }}>{t('courses.form.onlyVerified')}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
