import type { BookingEvent } from '@recup/shared-events';

export type BookingStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED' | 'EXPIRED' | 'DELETED';

export type BookingState =
  | { status: 'absent' }
  | {
      status: BookingStatus;
      bookingId: string;
      bookingReference: string;
      courseId: string;
      userId: string;
      price: number;
      /** Unpaid, the booking holds its spot until then. */
      holdExpiresAt: string;
      /** The payment under way or made, if any. */
      paymentId: string | null;
      confirmedBy: 'payment' | 'centre' | null;
    };

export type ExistingBooking = Exclude<BookingState, { status: 'absent' }>;

export const initialBookingState = (): BookingState => ({ status: 'absent' });

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingPlaced') {
    const { bookingId, bookingReference, courseId, userId, price, holdExpiresAt } = event.data;
    return { status: 'PENDING', bookingId, bookingReference, courseId, userId, price, holdExpiresAt, paymentId: null, confirmedBy: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'BookingPaymentStarted':
      return { ...state, paymentId: event.data.paymentId };
    case 'BookingConfirmed':
      return { ...state, status: 'CONFIRMED', confirmedBy: event.data.by };
    case 'BookingCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'BookingExpired':
      return { ...state, status: 'EXPIRED' };
    case 'BookingDeleted':
      return { ...state, status: 'DELETED' };
    case 'BookingCompleted':
      return { ...state, status: 'COMPLETED' };
  }
}
