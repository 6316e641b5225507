import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { normalizeDateText } from '../../lib/date-text';
import { useLanguage } from '../../lib/use-language';

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
};

/**
 * A typed date: DD/MM/YYYY (JJ/MM/AAAA) in French, MM/DD/YYYY in English. On blur the text becomes YYYY-MM-DD,
 * which is what the API takes and what the field shows from then on (specification §5).
 */
export function LocalizedDateInput({ label, name, value, onChange, error, required, disabled, autoComplete }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      placeholder={t('dateInput.placeholder')}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        if (value.trim() !== '') onChange(normalizeDateText(value, language));
      }}
      error={Boolean(error)}
      helperText={error ?? t('dateInput.format')}
      required={required}
      disabled={disabled}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 10 } }}
    />
  );
}
