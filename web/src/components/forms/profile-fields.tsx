import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../lib/countries';
import type { ProfileField, ProfileValues } from '../../lib/profile-values';
import { useLanguage } from '../../lib/use-language';
import { LocalizedDateInput } from '../date/localized-date-input';

export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

type Props = {
  values: ProfileValues;
  errors: ProfileFieldErrors;
  /** Title and language only ever pass their own values ('MR' | 'MRS' | '', 'FR' | 'EN'). Best kept stable. */
  onChange: (field: ProfileField, value: string) => void;
  disabled?: boolean;
};

/** Field length limits of the contracts, so the browser stops the typing instead of the server refusing it. */
const MAX_LENGTH: Partial<Record<ProfileField, number>> = {
  firstName: 60,
  lastName: 60,
  placeOfBirth: 100,
  address: 200,
  addressDetails: 200,
  postalCode: 10,
  city: 100,
  phoneNumber: 30,
  landlinePhone: 30,
  licenseNumber: 30,
};

function textFieldsOf({ values, errors, onChange, disabled }: Props) {
  return (field: Exclude<ProfileField, 'title' | 'language'>, label: string, extra: { autoComplete?: string; required?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      disabled={disabled}
      fullWidth
      autoComplete={extra.autoComplete ?? 'off'}
      required={extra.required}
      type={extra.type ?? 'text'}
      slotProps={{ htmlInput: { maxLength: MAX_LENGTH[field] } }}
    />
  );
}

/** Title, first and last name: what both the sign-up form and the profile start with. */
export function IdentityFields(props: Props & { titleRequired: boolean }) {
  const { t } = useTranslation();
  const { values, errors, onChange, disabled, titleRequired } = props;
  const text = textFieldsOf(props);
  const titleLabelId = useId();
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormControl component="fieldset" error={Boolean(errors.title)} required={titleRequired} disabled={disabled}>
          <FormLabel component="legend" id={titleLabelId}>
            {t('profileFields.title')}
          </FormLabel>
          <RadioGroup
            row
            name="title"
            aria-labelledby={titleLabelId}
            value={values.title}
            onChange={(event) => onChange('title', event.target.value === 'MRS' ? 'MRS' : 'MR')}
          >
            <FormControlLabel value="MR" control={<Radio />} label={t('profileFields.mr')} />
            <FormControlLabel value="MRS" control={<Radio />} label={t('profileFields.mrs')} />
          </RadioGroup>
          {errors.title ? <FormHelperText>{errors.title}</FormHelperText> : null}
        </FormControl>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('firstName', t('profileFields.firstName'), { autoComplete: 'given-name', required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('lastName', t('profileFields.lastName'), { autoComplete: 'family-name', required: true })}</Grid>
    </Grid>
  );
}

/** Memoised: nearly two hundred options need not re-render at every keystroke in the other fields. */
export const CountrySelect = memo(function CountrySelect({
  field,
  label,
  value,
  onChange,
  error,
  disabled,
  autoComplete,
  required,
}: {
  field: 'country' | 'countryOfBirth';
  label: string;
  value: string;
  onChange: Props['onChange'];
  error?: string | undefined;
  disabled?: boolean | undefined;
  autoComplete: string;
  required?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useMemo(() => countryOptions(language), [language]);
  return (
    <TextField
      select
      label={label}
      name={field}
      value={value}
      onChange={(event) => onChange(field, event.target.value)}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      fullWidth
      required={required}
      autoComplete={autoComplete}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('profileFields.noCountry')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
});

/** Birth, address, phones, licence and language: the rest of a learner's profile. */
export function DetailsFields(props: Props) {
  const { t } = useTranslation();
  const { values, errors, onChange, disabled } = props;
  const text = textFieldsOf(props);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LocalizedDateInput
          label={t('profileFields.dateOfBirth')}
          name="dateOfBirth"
          value={values.dateOfBirth}
          onChange={(value) => onChange('dateOfBirth', value)}
          error={errors.dateOfBirth}
          disabled={disabled}
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountrySelect
          field="countryOfBirth"
          label={t('profileFields.countryOfBirth')}
          value={values.countryOfBirth}
          onChange={onChange}
          error={errors.countryOfBirth}
          disabled={disabled}
          autoComplete="off"
        />
      </Grid>
      <Grid size={12}>{text('placeOfBirth', t('profileFields.placeOfBirth'))}</Grid>
      <Grid size={12}>{text('address', t('profileFields.address'), { autoComplete: 'address-line1' })}</Grid>
      <Grid size={12}>{text('addressDetails', t('profileFields.addressDetails'), { autoComplete: 'address-line2' })}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('postalCode', t('profileFields.postalCode'), { autoComplete: 'postal-code' })}</Grid>
      <Grid size={{ xs: 12, sm: 8 }}>{text('city', t('profileFields.city'), { autoComplete: 'address-level2' })}</Grid>
      <Grid size={12}>
        <CountrySelect
          field="country"
          label={t('profileFields.country')}
          value={values.country}
          onChange={onChange}
          error={errors.country}
          disabled={disabled}
          autoComplete="country"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('phoneNumber', t('profileFields.phoneNumber'), { autoComplete: 'tel', type: 'tel' })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('landlinePhone', t('profileFields.landlinePhone'), { type: 'tel' })}</Grid>
      <Grid size={12}>{text('licenseNumber', t('profileFields.licenseNumber'))}</Grid>
      <Grid size={12}>
        <TextField
          select
          label={t('profileFields.language')}
          name="language"
          value={values.language}
          onChange={(event) => onChange('language', event.target.value === 'EN' ? 'EN' : 'FR')}
          error={Boolean(errors.language)}
          helperText={errors.language}
          disabled={disabled}
          required
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="FR" lang="fr">
            {t('language.fr')}
          </option>
          <option value="EN" lang="en">
            {t('language.en')}
          </option>
        </TextField>
      </Grid>
    </Grid>
  );
}
