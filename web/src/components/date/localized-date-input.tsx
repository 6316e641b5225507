import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateText, isIsoDay, readDateText } from '../../lib/date-text';
import { useLanguage } from '../../lib/use-language';
import { birthDateProblem } from '../../lib/profile-values';

type Props = {
  label: string;
  name: string;
  /** A day (`YYYY-MM-DD`), '' for none, or the text being typed while it names no day yet. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** What a day to come is told, for a date other than a date of birth (the day a letter was received). */
  futureMessage?: string;
};

/**
 * A typed date of birth: DD/MM/YYYY (JJ/MM/AAAA) in French, MM/DD/YYYY in English, with or without separators
 * (`14031988`). The form receives the day as soon as the text names one; the field always shows it in the
 * language's format once left, and says why when the text names no day.
 */
export function LocalizedDateInput({ label, name, value, onChange, error, required, disabled, autoComplete, futureMessage }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? (isIsoDay(value) ? formatDateText(value, language) : value);
  const problem = typing === null ? birthDateProblem(value, language) : null;
  const message = error ?? (problem === 'future' && futureMessage ? futureMessage : problem ? t(`dateInput.errors.${problem}`) : undefined);
  return (
    <TextField
      label={label}
      name={name}
      value={shown}
      placeholder={t('dateInput.placeholder')}
      onFocus={() => setTyping(shown)}
      onChange={(event) => {
        const text = event.target.value;
        setTyping(text);
        const reading = readDateText(text, language);
        onChange(reading.kind === 'day' ? reading.day : reading.kind === 'empty' ? '' : text);
      }}
      onBlur={() => setTyping(null)}
      error={Boolean(message)}
      helperText={message ?? t('dateInput.format')}
      required={required}
      disabled={disabled}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
    />
  );
}
