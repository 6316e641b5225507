import type { BookingEvent } from '@recup/shared-events';

export type BookingStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED';

export type BookingState =
  | { status: 'absent' }
  | {
      status: BookingStatus;
      bookingId: string;
      bookingReference: string;
      courseId: string;
      userId: string;
      price: number;
      /** The payment under way or made, if any. */
      paymentId: string | null;
    };

export const initialBookingState = (): BookingState => ({ status: 'absent' });

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingPlaced': {
      const { bookingId, bookingReference, courseId, userId, price } = event.data;
      return { status: 'PENDING', bookingId, bookingReference, courseId, userId, price, paymentId: null };
    }
    case 'BookingPaymentStarted':
      return state.status === 'absent' ? state : { ...state, paymentId: event.data.paymentId };
    case 'BookingConfirmed':
      return state.status === 'absent' ? state : { ...state, status: 'CONFIRMED' };
  }
}
