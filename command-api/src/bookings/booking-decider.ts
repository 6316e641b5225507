import type { BookingEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveBooking, initialBookingState, type BookingState } from './booking';
import { BookingAlreadyExists, BookingNotFound, BookingNotPending } from './booking-errors';

export type PlaceBooking = {
  type: 'PlaceBooking';
  bookingId: string;
  bookingReference: string;
  courseId: string;
  userId: string;
  price: number;
  now: Date;
};
export type StartBookingPayment = { type: 'StartBookingPayment'; bookingId: string; paymentId: string };
export type ConfirmBookingByPayment = { type: 'ConfirmBookingByPayment'; bookingId: string; paymentId: string; now: Date };
export type BookingCommand = PlaceBooking | StartBookingPayment | ConfirmBookingByPayment;

type Existing = Exclude<BookingState, { status: 'absent' }>;

function existing(state: BookingState): Existing {
  if (state.status === 'absent') throw new BookingNotFound();
  return state;
}

function placeBooking(command: PlaceBooking, state: BookingState): BookingEvent[] {
  if (state.status !== 'absent') throw new BookingAlreadyExists();
  const { bookingId, bookingReference, courseId, userId, price, now } = command;
  return [{ type: 'BookingPlaced', data: { bookingId, bookingReference, courseId, userId, price, currency: 'EUR', placedAt: now.toISOString() } }];
}

function startPayment(command: StartBookingPayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.paymentId === command.paymentId) return [];
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  return [{ type: 'BookingPaymentStarted', data: { bookingId: booking.bookingId, paymentId: command.paymentId } }];
}

function confirmByPayment(command: ConfirmBookingByPayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'CONFIRMED') return [];
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  return [{ type: 'BookingConfirmed', data: { bookingId: booking.bookingId, by: 'payment', paymentId: command.paymentId, confirmedAt: command.now.toISOString() } }];
}

export function decideBooking(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'PlaceBooking':
      return placeBooking(command, state);
    case 'StartBookingPayment':
      return startPayment(command, state);
    case 'ConfirmBookingByPayment':
      return confirmByPayment(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: initialBookingState,
  evolve: evolveBooking,
  decide: decideBooking,
};
