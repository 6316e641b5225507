import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CentreBooking } from '../api/booking-queries';

const statusColour = { PENDING: 'warning', CONFIRMED: 'success', CANCELLED: 'error', COMPLETED: 'default' } as const;
const paymentColour = { SUCCEEDED: 'success', PENDING: 'warning', REFUNDED: 'info', FAILED: 'error' } as const;

export function BookingStatusChip({ status }: { status: CentreBooking['status'] }) {
  const { t } = useTranslation('organization');
  return <Chip size="small" color={statusColour[status]} label={t(`bookingStatus.${status}`)} data-status={status} />;
}

/** Paid, pending, refunded or failed online; a booking confirmed by the centre with no online payment was paid at the centre. */
export function PaymentChip({ booking }: { booking: CentreBooking }) {
  const { t } = useTranslation('organization');
  if (!booking.payment) {
    const atCentre = booking.status === 'CONFIRMED' || booking.status === 'COMPLETED';
    return <Chip size="small" variant="outlined" label={t(atCentre ? 'paymentStatus.CENTRE' : 'paymentStatus.NONE')} />;
  }
  return <Chip size="small" variant="outlined" color={paymentColour[booking.payment.status]} label={t(`paymentStatus.${booking.payment.status}`)} />;
}
