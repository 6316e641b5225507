import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { communeNamed } from '@recup/shared-events/courses/course-place';
import { DEPARTMENT_NAMES } from '@recup/shared-events/primitives';
import { useTranslation } from 'react-i18next';
import type { CourseFormErrors, CourseFormField, CourseFormValues } from './course-form';
import { COURSE_FORM_NAMESPACE } from './course-form-texts';
import { usePostalCommunes } from './postal-communes';

const DEPARTMENTS = Object.entries(DEPARTMENT_NAMES) as Array<[string, string]>;

interface FieldsProps {
  values: CourseFormValues;
  errors: CourseFormErrors;
  onChange: (field: CourseFormField, value: string) => void;
  disabled?: boolean;
  /** Prefixes the fields' ids (several forms on a page). */
  idPrefix: string;
  /** In a batch, the title is the city shown to learners, and its message says so (spec 001 §5). */
  titleLabel?: string;
  /** When editing: places already booked (the hint says how many). */
  bookedSpots?: number;
  /** The administrator's form asks for the description (spec 001 §5); the centre's sends a default one. */
  descriptionRequired?: boolean;
}

/** The course's details: what the learner reads, where, price and places. */
export function CourseDetailsFields({ values, errors, onChange, disabled, idPrefix, titleLabel, bookedSpots, descriptionRequired = false }: FieldsProps) {
  const { t } = useTranslation(COURSE_FORM_NAMESPACE);
  const field = (name: CourseFormField) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: Boolean(errors[name]),
    disabled,
    fullWidth: true,
  });
  const optional = (label: string) => `${label} (${t('optional')})`;
  // The communes the postal code serves, proposed as the city until the city names one of them.
  const communes = usePostalCommunes(values.postalCode);
  const inDepartment = communes?.filter((c) => !values.department || c.department === values.department) ?? [];
  const proposed = inDepartment.length > 0 && !communeNamed(values.city, inDepartment) ? inDepartment.slice(0, 12) : [];
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('title')} label={titleLabel ?? t('title')} required helperText={errors.title} />
        <TextField {...field('titleEn')} label={optional(t('titleEn'))} />
      </Stack>
      {descriptionRequired ? (
        <TextField {...field('description')} label={t('description')} required helperText={errors.description} multiline minRows={2} />
      ) : (
        <TextField {...field('description')} label={optional(t('description'))} multiline minRows={2} />
      )}
      <TextField {...field('descriptionEn')} label={optional(t('descriptionEn'))} multiline minRows={2} />
      <TextField {...field('address')} label={t('address')} required helperText={errors.address} autoComplete="street-address" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('city')} label={t('city')} required helperText={errors.city} autoComplete="address-level2" />
        <TextField
          {...field('postalCode')}
          label={t('postalCode')}
          required
          helperText={errors.postalCode}
          autoComplete="postal-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField {...field('department')} select label={t('department')} required helperText={errors.department}>
          {DEPARTMENTS.map(([code, name]) => (
            <MenuItem key={code} value={code}>
              {`${code} – ${name}`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {proposed.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-testid={`${idPrefix}-communes`}>
          <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>{t('communesOf', { postalCode: values.postalCode.trim() })}</Box>
          {proposed.map((commune) => (
            <Chip
              key={`${commune.name}-${commune.department}`}
              size="small"
              variant="outlined"
              label={commune.name}
              disabled={disabled}
              aria-label={t('useCommune', { name: commune.name, department: commune.department })}
              onClick={() => {
                onChange('city', commune.name);
                if (values.department !== commune.department) onChange('department', commune.department);
              }}
            />
          ))}
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('price')}
          label={t('price')}
          required
          helperText={errors.price}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          {...field('totalSpots')}
          label={t('totalSpots')}
          required
          type="number"
          helperText={errors.totalSpots ?? (bookedSpots ? t('bookedHint', { count: bookedSpots }) : t('spotsHint'))}
          slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }}
        />
      </Stack>
    </Stack>
  );
}

/** A session's dates (Paris time) and ANTS number; choosing the start proposes the end. */
export function CourseDatesFields({ values, errors, onChange, disabled, idPrefix, showEndHint = true }: Omit<FieldsProps, 'titleLabel' | 'bookedSpots' | 'descriptionRequired'> & { showEndHint?: boolean }) {
  const { t } = useTranslation(COURSE_FORM_NAMESPACE);
  const date = (name: 'startDate' | 'endDate') => ({
    id: `${idPrefix}-${name}`,
    name,
    type: 'datetime-local',
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: Boolean(errors[name]),
    disabled,
    fullWidth: true,
    required: true,
    slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 900 } },
  });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <TextField {...date('startDate')} label={t('startDate')} helperText={errors.startDate ?? t('dateHint')} />
      <TextField {...date('endDate')} label={t('endDate')} helperText={errors.endDate ?? (showEndHint ? t('endHint') : t('dateHint'))} />
      <TextField
        id={`${idPrefix}-antsNumber`}
        name="antsNumber"
        label={`${t('antsNumber')} (${t('optional')})`}
        value={values.antsNumber}
        onChange={(event) => onChange('antsNumber', event.target.value)}
        disabled={disabled}
        fullWidth
      />
    </Stack>
  );
}
