import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useState, type ClipboardEvent, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedPickersProvider } from '../../../components/date/localized-pickers-provider';
import { readDateText } from '../../../lib/date-text';
import { fromIsoDay, toIsoDay } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

type Range = { startDate: string | null; endDate: string | null };

type Field = 'startDate' | 'endDate';

type Props = Range & {
  onChange: (range: Range) => void;
  /** Whether a field holds text that names no day the search can use: the filters are not applied then. */
  onValidityChange: (field: Field, valid: boolean) => void;
};

const isDay = (value: Date | null): value is Date => value !== null && !Number.isNaN(value.getTime());

/** One of the day, month and year parts of a picker's field (not its clear or calendar button). */
const isSection = (element: EventTarget | null) => element instanceof Element && element.getAttribute('role') === 'spinbutton';

const messageKey: Record<NonNullable<DateValidationError>, string> = {
  invalidDate: 'dateInput.errors.invalid',
  disablePast: 'dateInput.errors.past',
  minDate: 'dateInput.errors.beforeStart',
  disableFuture: 'dateInput.errors.invalid',
  maxDate: 'dateInput.errors.invalid',
  shouldDisableDate: 'dateInput.errors.invalid',
  shouldDisableMonth: 'dateInput.errors.invalid',
  shouldDisableYear: 'dateInput.errors.invalid',
};

function FilterDateField({
  label,
  day,
  minDate,
  onDay,
  onValidityChange,
}: {
  label: string;
  day: string | null;
  /** The first day that may be chosen; today at the earliest. */
  minDate: Date;
  onDay: (day: string | null) => void;
  onValidityChange: (valid: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The field keeps what is typed, a day still half-written included: only a day the search can use, or none,
  // reaches the filters. Handing back a half-written day as "no day" would empty the field under the fingers.
  const [value, setValue] = useState<Date | null>(() => fromIsoDay(day));
  const [error, setError] = useState<DateValidationError>(null);
  // Judged once the day, month and year are left: a year being typed goes through 0002, 0020… days in the past.
  const [focused, setFocused] = useState(false);
  const shownError = focused ? null : error;

  const change = (next: Date | null) => {
    setValue(next);
    if (next === null) onDay(null);
    else if (isDay(next) && next >= minDate) onDay(toIsoDay(next));
  };

  // A whole date pasted into one part of the field, with or without separators, is read as a whole date.
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    const reading = readDateText(event.clipboardData.getData('text'), language);
    if (reading.kind !== 'day') return;
    event.preventDefault();
    event.stopPropagation();
    change(fromIsoDay(reading.day));
  };

  return (
    <DatePicker
      label={label}
      value={value}
      disablePast
      minDate={minDate}
      onChange={(next) => change(next)}
      onError={(next) => {
        setError(next);
        onValidityChange(next === null);
      }}
      slotProps={{
        textField: {
          size: 'small',
          fullWidth: true,
          error: shownError !== null,
          helperText: shownError ? t(messageKey[shownError] as 'dateInput.errors.invalid') : undefined,
          onPasteCapture: paste,
          onFocusCapture: (event: FocusEvent<HTMLDivElement>) => setFocused(isSection(event.target)),
          onBlurCapture: (event: FocusEvent<HTMLDivElement>) => {
            if (!isSection(event.relatedTarget)) setFocused(false);
          },
        },
        field: { clearable: true },
      }}
    />
  );
}

/**
 * Loaded on demand: the pickers weigh more than the rest of the list page. Days before today cannot be picked;
 * a day typed, pasted or picked reaches the filters once whole, and a field that names no usable day says why.
 */
export default function DateRangeFields({ startDate, endDate, onChange, onValidityChange }: Props) {
  const { t } = useTranslation('courses');
  const today = fromIsoDay(toIsoDay(new Date())) ?? new Date();
  const start = fromIsoDay(startDate);
  return (
    <LocalizedPickersProvider>
      <Stack spacing={2}>
        <FilterDateField
          label={t('filters.startDate')}
          day={startDate}
          minDate={today}
          onDay={(day) => onChange({ startDate: day, endDate })}
          onValidityChange={(valid) => onValidityChange('startDate', valid)}
        />
        <FilterDateField
          label={t('filters.endDate')}
          day={endDate}
          minDate={start && start > today ? start : today}
          onDay={(day) => onChange({ startDate, endDate: day })}
          onValidityChange={(valid) => onValidityChange('endDate', valid)}
        />
      </Stack>
    </LocalizedPickersProvider>
  );
}
