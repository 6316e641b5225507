import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CentreBooking } from '../api/booking-queries';
import { paymentKey } from '../utils/booking-payment';

const statusColour = { PENDING: 'warning', CONFIRMED: 'success', CANCELLED: 'error', COMPLETED: 'default' } as const;
const paymentColour = { SUCCEEDED: 'success', PENDING: 'warning', REFUNDED: 'info', FAILED: 'error' } as const;

export function BookingStatusChip({ status }: { status: CentreBooking['status'] }) {
  const { t } = useTranslation('organization');
  return <Chip size="small" color={statusColour[status]} label={t(`bookingStatus.${status}`)} data-status={status} />;
}

/**
 * Paid, pending, refunded or failed online; paid at the centre once the centre recorded the money; and a booking
 * the centre confirmed unpaid is to be paid at the centre until then, not paid.
 */
export function PaymentChip({ booking }: { booking: CentreBooking }) {
  const { t } = useTranslation('organization');
  const key = paymentKey(booking);
  const colour = key === 'CENTRE' ? 'success' : key === 'DUE_CENTRE' ? 'warning' : key === 'NONE' ? 'default' : paymentColour[key];
  return <Chip size="small" variant="outlined" color={colour} label={t(`paymentStatus.${key}`)} data-payment={key} />;
}
