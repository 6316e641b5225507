import { describe, expect, it } from 'vitest';
import { BookingNoLongerConfirmed } from '../bookings/booking-errors';
import { paidBookingAnswer } from './payment-answer';

describe('the answer to confirm-payment for a booking its payment paid', () => {
  it('is the booking and payment as they stand while the booking keeps the money', () => {
    expect(paidBookingAnswer({ status: 'CONFIRMED' }, { status: 'SUCCEEDED' })).toEqual({ bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' });
    expect(paidBookingAnswer({ status: 'COMPLETED' }, { status: 'SUCCEEDED' })).toEqual({ bookingStatus: 'COMPLETED', paymentStatus: 'SUCCEEDED' });
  });

  it('is a refusal naming the real state once the booking was cancelled, refunded or not yet', () => {
    for (const [booking, payment] of [['CANCELLED', 'REFUNDED'], ['CANCELLED', 'SUCCEEDED'], ['CONFIRMED', 'REFUNDED']] as const) {
      let thrown: unknown;
      try {
        paidBookingAnswer({ status: booking }, { status: payment });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${booking}/${payment}`).toBeInstanceOf(BookingNoLongerConfirmed);
      expect((thrown as BookingNoLongerConfirmed).params).toEqual({ bookingStatus: booking, paymentStatus: payment });
    }
  });
});
