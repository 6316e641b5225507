import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CentrePaymentMethod } from '@recup/command-api/contracts/centre-payments';
import { parisCalendarDay } from '@recup/shared-events/calendar/calendar-day';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useRecordCentrePayment, type CentreBooking } from '../api/booking-queries';

const METHODS: readonly CentrePaymentMethod[] = ['CASH', 'CHEQUE', 'TRANSFER'];

/**
 * The centre records the money it received for a booking it confirmed unpaid: how, and on which day (today by
 * default, never a day to come nor before the booking). Only then is the booking paid.
 */
export function RecordPaymentDialog({ booking, onClose }: { booking: CentreBooking; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const record = useRecordCentrePayment();
  const titleId = useId();
  const textId = useId();
  const today = parisCalendarDay(new Date());
  const bookedOn = parisCalendarDay(new Date(booking.createdAt));
  const [method, setMethod] = useState<CentrePaymentMethod>('CASH');
  const [receivedOn, setReceivedOn] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const name = `${booking.user.firstName} ${booking.user.lastName}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)
      ? t('bookings.payment.receivedOnRequired')
      : receivedOn > today
        ? t('bookings.payment.receivedOnFuture')
        : receivedOn < bookedOn
          ? t('bookings.payment.receivedOnBeforeBooking', { date: formatLongDate(booking.createdAt, language) })
          : null;
    setError(problem);
    if (problem) return;
    record.mutate({ bookingId: booking.id, received: { method, receivedOn } }, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('bookings.payment.success'), description: t('bookings.payment.successBody', { name }) });
        onClose();
      },
      onError: (failure) => {
        const message = serverMessageOf(failure);
        if (isApiError(failure) && failure.field === 'receivedOn' && message) setError(message);
        else toast({ variant: 'destructive', title: t('bookings.payment.error'), description: message ?? t('errors.generic') });
      },
    });
  };

  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('bookings.payment.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id={textId}>
              {t('bookings.payment.body', { reference: booking.bookingReference, name, date: formatLongDate(booking.course.startDate, language), amount: formatMoney(booking.price, language) })}
            </DialogContentText>
            <FormControl>
              <FormLabel id={`${titleId}-method`}>{t('bookings.payment.method')}</FormLabel>
              <RadioGroup row aria-labelledby={`${titleId}-method`} name="method" value={method} onChange={(e) => setMethod(e.target.value as CentrePaymentMethod)}>
                {METHODS.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={t(`bookings.payment.methods.${value}`)} disabled={record.isPending} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              id="payment-receivedOn"
              name="receivedOn"
              type="date"
              label={t('bookings.payment.receivedOn')}
              value={receivedOn}
              onChange={(e) => {
                setReceivedOn(e.target.value);
                setError(null);
              }}
              required
              error={Boolean(error)}
              helperText={error ?? ' '}
              disabled={record.isPending}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: bookedOn, max: today } }}
            />
            <Alert severity="info" variant="outlined">
              {t('bookings.payment.invoiceNote')}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={record.isPending}>
            {t('bookings.payment.cancel')}
          </Button>
          <SubmitButton pending={record.isPending} size="medium">
            {t('bookings.payment.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
