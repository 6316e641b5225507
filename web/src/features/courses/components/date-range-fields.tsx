import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { LocalizedPickersProvider } from '../../../components/date/localized-pickers-provider';
import { fromIsoDay, toIsoDay } from '../../../lib/format';

type Props = {
  startDate: string | null;
  endDate: string | null;
  onChange: (range: { startDate: string | null; endDate: string | null }) => void;
};

function toDay(value: Date | null): string | null {
  return value && !Number.isNaN(value.getTime()) ? toIsoDay(value) : null;
}

/** Loaded on demand: the pickers weigh more than the rest of the list page. Days before today cannot be picked. */
export default function DateRangeFields({ startDate, endDate, onChange }: Props) {
  const { t } = useTranslation('courses');
  const start = fromIsoDay(startDate);
  const end = fromIsoDay(endDate);
  return (
    <LocalizedPickersProvider>
      <Stack spacing={2}>
        <DatePicker
          label={t('filters.startDate')}
          value={start}
          disablePast
          onChange={(value) => onChange({ startDate: toDay(value), endDate })}
          slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
        />
        <DatePicker
          label={t('filters.endDate')}
          value={end}
          disablePast
          minDate={start ?? undefined}
          onChange={(value) => onChange({ startDate, endDate: toDay(value) })}
          slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
        />
      </Stack>
    </LocalizedPickersProvider>
  );
}
