import type { CentreBooking } from '../api/booking-queries';

/** How a booking is paid: its key in `paymentStatus` (also what the grid sorts by). */
export function paymentKey(booking: CentreBooking): 'CENTRE' | 'DUE_CENTRE' | 'NONE' | NonNullable<CentreBooking['payment']>['status'] {
  if (booking.paidAtCentre) return 'CENTRE';
  if (booking.dueAtCentre) return 'DUE_CENTRE';
  return booking.payment?.status ?? 'NONE';
}
