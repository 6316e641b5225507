import { describe, it } from 'vitest';
import type { BookingEvent } from '@recup/shared-events';
import { specFor } from '../core/given-when-then';
import { bookingDecider, type PlaceBooking } from './booking-decider';
import { BookingAlreadyExists, BookingNotFound, BookingNotPending } from './booking-errors';

const spec = specFor(bookingDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const place: PlaceBooking = { type: 'PlaceBooking', bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, now };
const placed: BookingEvent = { type: 'BookingPlaced', data: { bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, currency: 'EUR', placedAt: now.toISOString() } };
const paymentStarted: BookingEvent = { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p1' } };
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: now.toISOString() } };

describe('booking', () => {
  describe('when it does not exist', () => {
    it('is placed PENDING at the price of the course', () => {
      spec([]).when(place).then([placed]);
    });
    it('cannot start a payment', () => {
      spec([]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1' }).thenThrows(BookingNotFound);
    });
    it('cannot be confirmed', () => {
      spec([]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenThrows(BookingNotFound);
    });
  });

  describe('when it is PENDING', () => {
    it('is not placed twice', () => {
      spec([placed]).when(place).thenThrows(BookingAlreadyExists);
    });
    it('records the payment that started', () => {
      spec([placed]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1' }).then([paymentStarted]);
    });
    it('changes nothing when the same payment starts again', () => {
      spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1' }).thenNothingHappens();
    });
    it('is CONFIRMED by a successful payment', () => {
      spec([placed, paymentStarted]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).then([confirmed]);
    });
  });

  describe('when it is CONFIRMED', () => {
    it('changes nothing when confirmed again', () => {
      spec([placed, paymentStarted, confirmed]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenNothingHappens();
    });
    it('does not start another payment', () => {
      spec([placed, paymentStarted, confirmed]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p2' }).thenThrows(BookingNotPending);
    });
  });
});
