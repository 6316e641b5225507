import type { ExistingBooking } from '../bookings/booking';
import { BookingNoLongerConfirmed } from '../bookings/booking-errors';
import type { PaymentState } from './payment';

/**
 * What `confirm-payment` answers for a booking its payment already paid: the state its history holds. Asked
 * again after the booking was cancelled (and refunded), it says so with 409, never "CONFIRMED / SUCCEEDED".
 */
export function paidBookingAnswer(booking: Pick<ExistingBooking, 'status'>, payment: Pick<Exclude<PaymentState, { status: 'absent' }>, 'status'>) {
  if ((booking.status === 'CONFIRMED' || booking.status === 'COMPLETED') && payment.status === 'SUCCEEDED') {
    return { bookingStatus: booking.status, paymentStatus: payment.status } as const;
  }
  throw new BookingNoLongerConfirmed(booking.status, payment.status);
}
