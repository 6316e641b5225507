import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { bookingDecider, refundCancels, refundDue, type BookingCommand, type CancelBooking, type PlaceBooking, type RecordCentrePayment } from './booking-decider';
import {
  BookingAlreadyExists, BookingAlreadyPaid, BookingAlreadyPaidAtCentre, BookingHoldExpired, BookingHoldNotElapsed, BookingNotCancellable, BookingNotFound, BookingNotPending, BookingPaymentSuperseded, CancellationTooLate,
  CentrePaymentBeforeBooking, CentrePaymentInFuture, CentrePaymentNeedsCentreConfirmation, CourseNotEnded, PaymentAttemptChanged,
  BookingNotOnCourse, FollowUpNeedsHeldBooking, FollowUpOutOfTime, ReminderNeedsConfirmedBooking, ReminderOutOfTime,
} from './booking-errors';
import { SellerNotVerified } from '../courses/course-errors';

const spec = specFor(bookingDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const at = (iso: string) => new Date(iso);
const courseStart = '2026-12-05T07:00:00.000Z';
const courseEnd = '2026-12-06T16:00:00.000Z';

const place: PlaceBooking = { type: 'PlaceBooking', bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, holdMinutes: 30, now };
const placed: BookingEvent = { type: 'BookingPlaced', data: { bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, currency: 'EUR', placedAt: now.toISOString(), holdExpiresAt: '2026-11-21T09:30:00.000Z' } };
const paymentStarted: BookingEvent = { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p1' } };
const paid: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: now.toISOString() } };
const approved: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'centre-user', confirmedAt: now.toISOString() } };
const expired: BookingEvent = { type: 'BookingExpired', data: { bookingId: 'b1', expiredAt: '2026-11-21T09:31:00.000Z' } };
const cancel = (overrides: Partial<CancelBooking> = {}): CancelBooking => ({ type: 'CancelBooking', bookingId: 'b1', by: 'learner', cancelledBy: 'u1', courseStartDate: courseStart, refundCutoffHours: 72, now, ...overrides });
const cancelled = (refund: boolean, by: 'learner' | 'admin' = 'learner', when = now, cancelledBy = 'u1'): BookingEvent => ({ type: 'BookingCancelled', data: { bookingId: 'b1', by, cancelledBy, refundDue: refund, cancelledAt: when.toISOString() } });

describe('booking', () => {
  describe('placing', () => {
    it('is PENDING, at the course price, holding its spot for the hold time', () => spec([]).when(place).then([placed]));
    it('happens once', () => spec([placed]).when(place).thenThrows(BookingAlreadyExists));
    it('is needed before anything else', () => spec([]).when({ type: 'ExpireBooking', bookingId: 'b1', now }).thenThrows(BookingNotFound));
  });

  describe('paying', () => {
    it('starts while the spot is held', () => spec([placed]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: true, now }).then([paymentStarted]));
    it('changes nothing when the same payment starts again', () => spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: true, now }).thenNothingHappens());
    it('does not start once the hold has elapsed, and says to book again', () =>
      spec([placed]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: true, now: at('2026-11-21T09:30:00.000Z') }).thenThrows(BookingHoldExpired));
    it('does not resume the same payment once the hold has elapsed', () =>
      spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: true, now: at('2026-11-21T09:30:00.000Z') }).thenThrows(BookingHoldExpired));
    it('does not start on an expired booking', () => spec([placed, expired]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: true, now }).thenThrows(BookingHoldExpired));
    it('does not start, nor resume, once the centre that runs the course is no longer verified (it sells nothing more)', () => {
      spec([placed]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: false, now }).thenThrows(SellerNotVerified);
      spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: false, now }).thenThrows(SellerNotVerified);
    });
    it('says first that a booking no longer awaits payment, whatever its centre', () =>
      spec([placed, expired]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p1', replaces: null, sellerVerified: false, now }).thenThrows(BookingHoldExpired));
    it('confirms the booking when it succeeds', () => spec([placed, paymentStarted]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).then([paid]));
    it('changes nothing when the success is reported again', () => spec([placed, paymentStarted, paid]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenNothingHappens());
    it('does not confirm a booking that expired meanwhile (the money is refunded)', () =>
      spec([placed, paymentStarted, expired]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenThrows(BookingHoldExpired));

    const secondStarted: BookingEvent = { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p2' } };
    it('replaces the attempt the caller found current with a new one', () =>
      spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p2', replaces: 'p1', sellerVerified: true, now }).then([secondStarted]));
    it('refuses a second attempt opened by a caller who did not see the current one (one attempt at a time)', () =>
      spec([placed, paymentStarted]).when({ type: 'StartBookingPayment', bookingId: 'b1', paymentId: 'p2', replaces: null, sellerVerified: true, now }).thenThrows(PaymentAttemptChanged));
    it('keeps exactly one payment: money taken by a replaced attempt is refused', () =>
      spec([placed, paymentStarted, secondStarted]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenThrows(BookingPaymentSuperseded));
    it('keeps exactly one payment: money taken by another attempt after the booking was paid is refused', () =>
      spec([placed, paymentStarted, paid]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p2', now }).thenThrows(BookingPaymentSuperseded));
    it('makes a booking the centre confirmed first paid, once', () => {
      const paidAfterApproval: BookingEvent = { type: 'BookingPaid', data: { bookingId: 'b1', paymentId: 'p1', paidAt: now.toISOString() } };
      spec([placed, paymentStarted, approved]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).then([paidAfterApproval]);
      spec([placed, paymentStarted, approved, paidAfterApproval]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenNothingHappens();
    });
    it('keeps the money it was confirmed with after a late cancellation: the same success reported again changes nothing', () =>
      spec([placed, paymentStarted, paid, cancelled(false)]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenNothingHappens());
    it('refuses money taken after the booking was cancelled (it is refunded)', () =>
      spec([placed, paymentStarted, approved, cancelled(false)]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenThrows(BookingNotPending));
  });

  describe('centre approval', () => {
    it('confirms a PENDING booking', () => spec([placed]).when({ type: 'ApproveBooking', bookingId: 'b1', approvedBy: 'centre-user', now }).then([approved]));
    it('changes nothing on a confirmed booking', () => spec([placed, approved]).when({ type: 'ApproveBooking', bookingId: 'b1', approvedBy: 'centre-user', now }).thenNothingHappens());
    it('does not revive an expired booking', () => spec([placed, expired]).when({ type: 'ApproveBooking', bookingId: 'b1', approvedBy: 'centre-user', now }).thenThrows(BookingNotPending));
  });

  describe('hold expiry', () => {
    it('expires an unpaid booking once the hold has elapsed', () => spec([placed]).when({ type: 'ExpireBooking', bookingId: 'b1', now: at('2026-11-21T09:31:00.000Z') }).then([expired]));
    it('waits for the hold to elapse', () => spec([placed]).when({ type: 'ExpireBooking', bookingId: 'b1', now: at('2026-11-21T09:29:00.000Z') }).thenThrows(BookingHoldNotElapsed));
    it('changes nothing when run again', () => spec([placed, expired]).when({ type: 'ExpireBooking', bookingId: 'b1', now: at('2026-11-21T10:00:00.000Z') }).thenNothingHappens());
    it('never expires a paid booking', () => spec([placed, paymentStarted, paid]).when({ type: 'ExpireBooking', bookingId: 'b1', now: at('2026-11-21T10:00:00.000Z') }).thenThrows(BookingNotPending));
  });

  describe('cancellation', () => {
    it('is refunded when the learner cancels at least 72 h before the start', () => spec([placed, paymentStarted, paid]).when(cancel()).then([cancelled(true)]));
    it('is not refunded when the learner cancels later', () => {
      const late = at('2026-12-03T08:00:00.000Z');
      spec([placed, paymentStarted, paid]).when(cancel({ now: late })).then([cancelled(false, 'learner', late)]);
    });
    it('is refunded exactly at the cut-off', () => {
      const edge = at('2026-12-02T07:00:00.000Z');
      spec([placed, paymentStarted, paid]).when(cancel({ now: edge })).then([cancelled(true, 'learner', edge)]);
    });
    it('is refused to the learner once the course has started', () => spec([placed, paymentStarted, paid]).when(cancel({ now: at(courseStart) })).thenThrows(CancellationTooLate));
    it('is always refunded when an administrator cancels', () => {
      const late = at('2026-12-04T08:00:00.000Z');
      spec([placed, paymentStarted, paid]).when(cancel({ by: 'admin', cancelledBy: 'a1', now: late })).then([cancelled(true, 'admin', late, 'a1')]);
    });
    it('refunds nothing for a booking the centre approved without online payment', () => spec([placed, approved]).when(cancel()).then([cancelled(false)]));
    it('refunds a booking paid online after the centre approved it, as any paid booking', () =>
      spec([placed, paymentStarted, approved, { type: 'BookingPaid', data: { bookingId: 'b1', paymentId: 'p1', paidAt: now.toISOString() } }]).when(cancel()).then([cancelled(true)]));
    it('refunds a paid booking cancelled by an administrator after the centre approved it', () =>
      spec([placed, paymentStarted, approved, { type: 'BookingPaid', data: { bookingId: 'b1', paymentId: 'p1', paidAt: now.toISOString() } }])
        .when(cancel({ by: 'admin', cancelledBy: 'a1' })).then([cancelled(true, 'admin', now, 'a1')]));
    it('cancels an unpaid PENDING booking when its course is cancelled, and nothing else does', () => {
      spec([placed]).when(cancel({ by: 'courseCancelled', cancelledBy: null })).then([{ type: 'BookingCancelled', data: { bookingId: 'b1', by: 'courseCancelled', cancelledBy: null, refundDue: false, cancelledAt: now.toISOString() } }]);
      spec([placed]).when(cancel({ by: 'admin', cancelledBy: 'a1' })).thenThrows(BookingNotCancellable);
    });
    it('is final: cancelling again changes nothing', () => spec([placed, paymentStarted, paid, cancelled(true)]).when(cancel()).thenNothingHappens());
    it('needs a CONFIRMED booking, when an administrator cancels', () => spec([placed]).when(cancel({ by: 'admin', cancelledBy: 'a1' })).thenThrows(BookingNotCancellable));
    it('lets the learner cancel an unpaid PENDING booking, with nothing to refund', () => spec([placed]).when(cancel()).then([cancelled(false)]));
    it('lets the learner cancel a PENDING booking whose payment is under way, with nothing to refund', () => spec([placed, paymentStarted]).when(cancel()).then([cancelled(false)]));
    it('refuses to cancel an expired booking', () => spec([placed, expired]).when(cancel()).thenThrows(BookingNotCancellable));
  });

  describe('when the payment it kept is refunded', () => {
    const refund = (paymentId = 'p1'): BookingCommand => ({ type: 'CancelForRefund', bookingId: 'b1', paymentId, cancelledBy: 'a1', now });
    const paidAfterApproval: BookingEvent = { type: 'BookingPaid', data: { bookingId: 'b1', paymentId: 'p1', paidAt: now.toISOString() } };
    it('cancels a CONFIRMED booking, as an administrator does, its money due back: nobody keeps a seat for free', () =>
      spec([placed, paymentStarted, paid]).when(refund()).then([cancelled(true, 'admin', now, 'a1')]));
    it('cancels a booking the centre approved and the learner then paid online', () =>
      spec([placed, paymentStarted, approved, paidAfterApproval]).when(refund()).then([cancelled(true, 'admin', now, 'a1')]));
    it('changes nothing on a booking already cancelled, or one whose course is over', () => {
      spec([placed, paymentStarted, paid, cancelled(false)]).when(refund()).thenNothingHappens();
      spec([placed, paymentStarted, paid, { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: now.toISOString() } }]).when(refund()).thenNothingHappens();
    });
    it('changes nothing for a payment the booking did not keep (another attempt, or money taken too late)', () => {
      spec([placed, paymentStarted, paid]).when(refund('p2')).thenNothingHappens();
      spec([placed, paymentStarted, expired]).when(refund()).thenNothingHappens();
    });
    it('says which bookings a refund cancels', () => {
      expect(refundCancels({ status: 'CONFIRMED', paidBy: 'p1', topUps: [] }, 'p1')).toBe(true);
      expect(refundCancels({ status: 'CONFIRMED', paidBy: null, topUps: [] }, 'p1')).toBe(false);
      expect(refundCancels({ status: 'COMPLETED', paidBy: 'p1', topUps: [] }, 'p1')).toBe(false);
    });
  });

  describe('deletion by an administrator', () => {
    const del = { type: 'DeleteBooking' as const, bookingId: 'b1', deletedBy: 'a1', now };
    it('removes a PENDING booking', () => spec([placed]).when(del).then([{ type: 'BookingDeleted', data: { bookingId: 'b1', deletedBy: 'a1', deletedAt: now.toISOString() } }]));
    it('changes nothing when repeated', () => spec([placed, { type: 'BookingDeleted', data: { bookingId: 'b1', deletedBy: 'a1', deletedAt: now.toISOString() } }]).when(del).thenNothingHappens());
    it('never removes a paid booking', () => spec([placed, paymentStarted, paid]).when(del).thenThrows(BookingNotPending));
  });

  describe('completion', () => {
    const done = { type: 'CompleteBooking' as const, bookingId: 'b1', courseEndDate: courseEnd, now: at('2026-12-06T17:00:00.000Z') };
    it('completes a confirmed booking once the course has ended', () => spec([placed, paymentStarted, paid]).when(done).then([{ type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: '2026-12-06T17:00:00.000Z' } }]));
    it('waits for the end of the course', () => spec([placed, paymentStarted, paid]).when({ ...done, now }).thenThrows(CourseNotEnded));
    it('changes nothing when repeated', () => spec([placed, paymentStarted, paid, { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: now.toISOString() } }]).when(done).thenNothingHappens());
    it('does not complete a cancelled booking', () => spec([placed, paymentStarted, paid, cancelled(true)]).when(done).thenThrows(BookingNotCancellable));
  });

  it('tells the learner before confirming whether a cancellation will be refunded', () => {
    expect(refundDue({ paidBy: 'p1', placedAt: '2026-11-01T09:00:00.000Z' }, { by: 'learner', courseStartDate: courseStart, refundCutoffHours: 72, now })).toBe(true);
    expect(refundDue({ paidBy: 'p1', placedAt: '2026-11-01T09:00:00.000Z' }, { by: 'learner', courseStartDate: courseStart, refundCutoffHours: 72, now: at('2026-12-03T07:00:01.000Z') })).toBe(false);
    expect(refundDue({ paidBy: null, placedAt: '2026-11-01T09:00:00.000Z' }, { by: 'admin', courseStartDate: courseStart, refundCutoffHours: 72, now })).toBe(false);
  });

  it('refunds a learner who withdraws within 14 days of booking a course that starts later, even within 72 hours of its start', () => {
    // Booked Saturday 21 November for Monday 7 December: the withdrawal period runs to the end of Saturday 5 December.
    const booking = { paidBy: 'p1', placedAt: '2026-11-21T09:00:00.000Z' };
    const cancel = { by: 'learner' as const, courseStartDate: '2026-12-07T07:00:00.000Z', refundCutoffHours: 72 };
    expect(refundDue(booking, { ...cancel, now: at('2026-12-05T19:00:00.000Z') })).toBe(true);
    expect(refundDue(booking, { ...cancel, now: at('2026-12-06T07:00:00.000Z') })).toBe(false);
  });

  describe('when its course is cancelled', () => {
    const byCourse = (overrides: Partial<CancelBooking> = {}) => cancel({ by: 'courseCancelled', cancelledBy: 'centre-user', now: at('2026-12-04T09:00:00.000Z'), ...overrides });
    const courseCancelledEvent = (refund: boolean): BookingEvent => ({ type: 'BookingCancelled', data: { bookingId: 'b1', by: 'courseCancelled', cancelledBy: 'centre-user', refundDue: refund, cancelledAt: '2026-12-04T09:00:00.000Z' } });
    it('cancels a paid booking and refunds it, however close to the start', () => spec([placed, paymentStarted, paid]).when(byCourse()).then([courseCancelledEvent(true)]));
    it('cancels a booking the centre approved, with no refund: no money was taken online', () => spec([placed, approved]).when(byCourse()).then([courseCancelledEvent(false)]));
    it('cancels a booking still waiting for its payment, so it can no longer be paid', () => spec([placed, paymentStarted]).when(byCourse()).then([courseCancelledEvent(false)]));
    it('leaves an expired booking as it is', () => spec([placed, expired]).when(byCourse()).thenNothingHappens());
  });

  describe('to be paid at the centre', () => {
    // Placed on Saturday 21 November 2026 (Paris); the centre confirmed it unpaid.
    const receive = (overrides: Partial<RecordCentrePayment> = {}): RecordCentrePayment => ({
      type: 'RecordCentrePayment', bookingId: 'b1', method: 'CASH', receivedOn: '2026-11-25', recordedBy: 'centre-user', now: at('2026-11-25T15:00:00.000Z'), ...overrides,
    });
    const paidAtCentre: BookingEvent = {
      type: 'BookingPaidAtCentre',
      data: { bookingId: 'b1', method: 'CASH', receivedOn: '2026-11-25', amount: 22_000, recordedBy: 'centre-user', recordedAt: '2026-11-25T15:00:00.000Z' },
    };
    it('is paid once the centre records the money received, at the booking’s price', () => spec([placed, approved]).when(receive()).then([paidAtCentre]));
    it('takes cheques and transfers too, on any day from the booking to today', () => {
      spec([placed, approved]).when(receive({ method: 'CHEQUE', receivedOn: '2026-11-21' })).then([{ ...paidAtCentre, data: { ...paidAtCentre.data, method: 'CHEQUE', receivedOn: '2026-11-21' } } as BookingEvent]);
      spec([placed, approved]).when(receive({ method: 'TRANSFER' })).then([{ ...paidAtCentre, data: { ...paidAtCentre.data, method: 'TRANSFER' } } as BookingEvent]);
    });
    it('is recorded on a booking whose course has ended (the money is often taken on the day)', () =>
      spec([placed, approved, { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: courseEnd } }]).when(receive({ receivedOn: '2026-12-06', now: at('2026-12-07T08:00:00.000Z') }))
        .then([{ ...paidAtCentre, data: { ...paidAtCentre.data, receivedOn: '2026-12-06', recordedAt: '2026-12-07T08:00:00.000Z' } } as BookingEvent]));
    it('changes nothing when the same money is recorded again', () => spec([placed, approved, paidAtCentre]).when(receive()).thenNothingHappens());
    it('is recorded once: other money for the same booking is refused', () => spec([placed, approved, paidAtCentre]).when(receive({ method: 'CHEQUE' })).thenThrows(BookingAlreadyPaidAtCentre));
    it('is not for a booking still pending: the centre confirms it first', () => spec([placed]).when(receive()).thenThrows(CentrePaymentNeedsCentreConfirmation));
    it('is not for a booking paid online', () => spec([placed, paymentStarted, paid]).when(receive()).thenThrows(BookingAlreadyPaid));
    it('is not for a booking the centre confirmed and the learner then paid online', () =>
      spec([placed, paymentStarted, approved, { type: 'BookingPaid', data: { bookingId: 'b1', paymentId: 'p1', paidAt: now.toISOString() } }]).when(receive()).thenThrows(BookingAlreadyPaid));
    it('is not for a cancelled or expired booking', () => {
      spec([placed, approved, cancelled(false, 'admin', now, 'a1')]).when(receive()).thenThrows(CentrePaymentNeedsCentreConfirmation);
      spec([placed, expired]).when(receive()).thenThrows(CentrePaymentNeedsCentreConfirmation);
    });
    it('is not received on a day still to come (Paris time)', () => {
      spec([placed, approved]).when(receive({ receivedOn: '2026-11-26' })).thenThrows(CentrePaymentInFuture);
      // 23:30 UTC on the 25th is already the 26th in Paris.
      spec([placed, approved]).when(receive({ receivedOn: '2026-11-26', now: at('2026-11-25T23:30:00.000Z') })).then([{ ...paidAtCentre, data: { ...paidAtCentre.data, receivedOn: '2026-11-26', recordedAt: '2026-11-25T23:30:00.000Z' } } as BookingEvent]);
    });
    it('is not received before the booking was made', () => spec([placed, approved]).when(receive({ receivedOn: '2026-11-20' })).thenThrows(CentrePaymentBeforeBooking));
    it('turns away an online payment that lands afterwards: one payment is kept, the other refunded', () =>
      spec([placed, paymentStarted, approved, paidAtCentre]).when({ type: 'ConfirmBookingByPayment', bookingId: 'b1', paymentId: 'p1', now }).thenThrows(BookingPaymentSuperseded));
    it('owes nothing back online when cancelled: no money was taken online', () =>
      spec([placed, approved, paidAtCentre]).when(cancel({ by: 'admin', cancelledBy: 'a1' })).then([cancelled(false, 'admin', now, 'a1')]));
  });
});

describe('reminding the learner of the course', () => {
  // The course of the spec runs Saturday 5 – Sunday 6 December: 7 days before is Saturday 28 November, 09:00 Paris.
  const sevenDaysBefore = at('2026-11-28T08:00:00.000Z');
  const remind = (overrides: Partial<Extract<BookingCommand, { type: 'SendReminder' }>> = {}): BookingCommand => ({
    type: 'SendReminder', bookingId: 'b1', courseId: 'c1', daysBefore: 7, reminderDays: [7, 1], courseStartDate: courseStart, now: sevenDaysBefore, ...overrides,
  });
  const reminded = (daysBefore: number, when: Date): BookingEvent => ({ type: 'BookingReminderSent', data: { bookingId: 'b1', courseId: 'c1', daysBefore, sentAt: when.toISOString() } });

  it('records the reminder of a confirmed booking once it is due', () => spec([placed, paymentStarted, paid]).when(remind()).then([reminded(7, sevenDaysBefore)]));
  it('reminds a booking the centre confirmed unpaid as well', () => spec([placed, approved]).when(remind()).then([reminded(7, sevenDaysBefore)]));
  it('sends each reminder once', () => spec([placed, paymentStarted, paid, reminded(7, sevenDaysBefore)]).when(remind({ now: at('2026-11-29T08:00:00.000Z') })).thenNothingHappens());
  it('sends the day-before one after the week-before one', () =>
    spec([placed, paymentStarted, paid, reminded(7, sevenDaysBefore)]).when(remind({ daysBefore: 1, now: at('2026-12-04T08:00:00.000Z') })).then([reminded(1, at('2026-12-04T08:00:00.000Z'))]));
  it('never reminds a cancelled booking', () => spec([placed, paymentStarted, paid, cancelled(true)]).when(remind()).thenThrows(ReminderNeedsConfirmedBooking));
  it('never reminds a booking not confirmed', () => spec([placed]).when(remind()).thenThrows(ReminderNeedsConfirmedBooking));
  it('never reminds a booking of another course than its own (a moved booking)', () => spec([placed, paymentStarted, paid]).when(remind({ courseId: 'c2' })).thenThrows(BookingNotOnCourse));
  it('is not sent before its time', () => spec([placed, paymentStarted, paid]).when(remind({ now: at('2026-11-28T07:59:00.000Z') })).thenThrows(ReminderOutOfTime));
  it('is not sent once a later reminder is due too', () => spec([placed, paymentStarted, paid]).when(remind({ now: at('2026-12-04T08:00:00.000Z') })).thenThrows(ReminderOutOfTime));
  it('is not sent once the course has started', () => spec([placed, paymentStarted, paid]).when(remind({ daysBefore: 1, now: at(courseStart) })).thenThrows(ReminderOutOfTime));
  it('is not sent to a booking confirmed after its time (the confirmation e-mail said it all)', () => {
    const lateConfirmation: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: '2026-11-30T10:00:00.000Z' } };
    spec([placed, paymentStarted, lateConfirmation]).when(remind({ now: at('2026-11-30T10:00:00.000Z') })).thenThrows(ReminderOutOfTime);
    spec([placed, paymentStarted, lateConfirmation]).when(remind({ daysBefore: 1, now: at('2026-12-04T08:00:00.000Z') })).then([reminded(1, at('2026-12-04T08:00:00.000Z'))]);
  });
});

describe('the message after the course', () => {
  // The day after Sunday 6 December, 10:00 Paris.
  const dayAfter = at('2026-12-07T09:00:00.000Z');
  const followUp = (overrides: Partial<Extract<BookingCommand, { type: 'SendFollowUp' }>> = {}): BookingCommand => ({ type: 'SendFollowUp', bookingId: 'b1', courseId: 'c1', courseEndDate: courseEnd, now: dayAfter, ...overrides });
  const followedUp: BookingEvent = { type: 'BookingFollowUpSent', data: { bookingId: 'b1', courseId: 'c1', sentAt: dayAfter.toISOString() } };
  const completed: BookingEvent = { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: courseEnd } };

  it('is recorded for a confirmed booking the day after its course', () => spec([placed, paymentStarted, paid]).when(followUp()).then([followedUp]));
  it('is recorded for a completed booking', () => spec([placed, paymentStarted, paid, completed]).when(followUp()).then([followedUp]));
  it('is sent once', () => spec([placed, paymentStarted, paid, followedUp]).when(followUp()).thenNothingHappens());
  it('is not sent for a cancelled booking', () => spec([placed, paymentStarted, paid, cancelled(true)]).when(followUp()).thenThrows(FollowUpNeedsHeldBooking));
  it('is not sent for another course than the booking’s', () => spec([placed, paymentStarted, paid]).when(followUp({ courseId: 'c2' })).thenThrows(BookingNotOnCourse));
  it('is not sent before the day after, nor more than a week later', () => {
    spec([placed, paymentStarted, paid]).when(followUp({ now: at('2026-12-06T20:00:00.000Z') })).thenThrows(FollowUpOutOfTime);
    spec([placed, paymentStarted, paid]).when(followUp({ now: at('2026-12-15T09:00:00.000Z') })).thenThrows(FollowUpOutOfTime);
  });
});
