import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '@recup/shared-events';
import { lastDayToMove, learnerMayMove, moveMoney, priceAfterMove, refundShares } from '@recup/shared-events/bookings/move-rules';
import { specFor } from '../testing/given-when-then';
import { bookingDecider, refundCancels, type AbandonMove, type CancelBooking, type MoveBooking } from './booking-decider';
import {
  BookingNotFound, BookingNotMovable, MoveAfterCourseStarted, MoveHoldExpired, MoveHoldNotElapsed, MoveNotPending, MovePaymentSuperseded, MoveToAnotherCentre, MoveToSameCourse, MoveTooLate,
  PaymentAttemptChanged, UnpaidMoveToAnotherCentre,
} from './booking-errors';

const spec = specFor(bookingDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const at = (iso: string) => new Date(iso);
/** The course booked starts on Saturday 12 December 2026 at 08:00, Paris. */
const courseStart = '2026-12-12T07:00:00.000Z';

const placed: BookingEvent = { type: 'BookingPlaced', data: { bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 20_000, currency: 'EUR', placedAt: now.toISOString(), holdExpiresAt: '2026-11-21T09:30:00.000Z' } };
const paymentStarted: BookingEvent = { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p1' } };
const paid: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: now.toISOString() } };
const approved: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'centre-user', confirmedAt: now.toISOString() } };
const paidBooking = [placed, paymentStarted, paid];

const moveTo = (overrides: Partial<MoveBooking> = {}): MoveBooking => ({
  type: 'MoveBooking', bookingId: 'b1', moveId: 'm1', toCourseId: 'c2', toCoursePrice: 20_000, sameCentre: false, fromCourseStartDate: courseStart,
  by: 'learner', movedBy: 'u1', earlyStartRequested: false, cutoffDays: 7, holdMinutes: 30, now, ...overrides,
});
const moved = (overrides: Partial<Extract<BookingEvent, { type: 'BookingMoved' }>['data']> = {}): BookingEvent => ({
  type: 'BookingMoved',
  data: { bookingId: 'b1', fromCourseId: 'c1', toCourseId: 'c2', by: 'learner', movedBy: 'u1', movedAt: now.toISOString(), priceBefore: 20_000, priceAfter: 20_000, ...overrides },
});
const started = (overrides: Partial<Extract<BookingEvent, { type: 'BookingMoveStarted' }>['data']> = {}): BookingEvent => ({
  type: 'BookingMoveStarted',
  data: {
    bookingId: 'b1', moveId: 'm1', fromCourseId: 'c1', toCourseId: 'c2', by: 'learner', movedBy: 'u1', startedAt: now.toISOString(), holdExpiresAt: '2026-11-21T09:30:00.000Z',
    priceBefore: 20_000, priceAfter: 25_000, ...overrides,
  },
});
const movePaymentStarted = (paymentId = 'p2'): BookingEvent => ({ type: 'BookingMovePaymentStarted', data: { bookingId: 'b1', moveId: 'm1', paymentId } });
const abandoned = (reason: 'notPaid' | 'withdrawn' | 'replaced' | 'bookingEnded', when = now, moveId = 'm1', toCourseId = 'c2'): BookingEvent => ({
  type: 'BookingMoveAbandoned', data: { bookingId: 'b1', moveId, toCourseId, reason, abandonedAt: when.toISOString() },
});
const abandon = (overrides: Partial<AbandonMove> = {}): AbandonMove => ({ type: 'AbandonMove', bookingId: 'b1', moveId: 'm1', reason: 'notPaid', now: at('2026-11-21T09:31:00.000Z'), ...overrides });

describe('moving a booking to another date', () => {
  describe('a booking paid online, moved by its learner', () => {
    it('moves at once to a course of the same price, keeping its reference', () => spec(paidBooking).when(moveTo()).then([moved()]));
    it('moves at once to a cheaper course, at its price (the difference is refunded)', () =>
      spec(paidBooking).when(moveTo({ toCoursePrice: 17_000 })).then([moved({ priceAfter: 17_000 })]));
    it('waits for the difference to a dearer course, the new place held for the hold time', () =>
      spec(paidBooking).when(moveTo({ toCoursePrice: 25_000 })).then([started()]));
    it('records that the learner asked for a course starting within the withdrawal period', () =>
      spec(paidBooking).when(moveTo({ earlyStartRequested: true })).then([moved({ earlyStartRequested: true })]));
    it('moves again from where it moved, at the price it then had', () =>
      spec([...paidBooking, moved({ priceAfter: 17_000 })]).when(moveTo({ toCourseId: 'c3', toCoursePrice: 19_000 })).then([started({ fromCourseId: 'c2', toCourseId: 'c3', priceBefore: 17_000, priceAfter: 19_000 })]));
  });

  describe('is refused', () => {
    it('for a booking that does not exist', () => spec([]).when(moveTo()).thenThrows(BookingNotFound));
    it('for a booking not confirmed (pending payment)', () => spec([placed]).when(moveTo()).thenThrows(BookingNotMovable));
    it('for a cancelled booking', () =>
      spec([...paidBooking, { type: 'BookingCancelled', data: { bookingId: 'b1', by: 'learner', cancelledBy: 'u1', refundDue: true, cancelledAt: now.toISOString() } }]).when(moveTo()).thenThrows(BookingNotMovable));
    it('for a completed booking', () => spec([...paidBooking, { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: now.toISOString() } }]).when(moveTo()).thenThrows(BookingNotMovable));
    it('to the course already booked', () => spec(paidBooking).when(moveTo({ toCourseId: 'c1' })).thenThrows(MoveToSameCourse));
    it('to the learner past the cut-off: the last day is 7 days before the first day', () => {
      spec(paidBooking).when(moveTo({ now: at('2026-12-05T22:59:00.000Z') })).then([moved({ movedAt: '2026-12-05T22:59:00.000Z' })]);
      spec(paidBooking).when(moveTo({ now: at('2026-12-05T23:00:00.000Z') })).thenThrows(MoveTooLate);
    });
    it('to anyone once the course booked has started', () => {
      spec(paidBooking).when(moveTo({ by: 'admin', movedBy: 'a1', now: at(courseStart) })).thenThrows(MoveAfterCourseStarted);
      spec(paidBooking).when(moveTo({ by: 'centre', movedBy: 'centre-user', sameCentre: true, now: at(courseStart) })).thenThrows(MoveAfterCourseStarted);
    });
    it('to a centre moving a learner to another centre’s course', () => spec(paidBooking).when(moveTo({ by: 'centre', movedBy: 'centre-user' })).thenThrows(MoveToAnotherCentre));
    it('for a booking to be paid at its centre, to another centre’s course', () => spec([placed, approved]).when(moveTo()).thenThrows(UnpaidMoveToAnotherCentre));
  });

  describe('by a centre or an administrator', () => {
    it('has no cut-off', () => {
      const late = at('2026-12-10T10:00:00.000Z');
      spec(paidBooking).when(moveTo({ by: 'centre', movedBy: 'centre-user', sameCentre: true, now: late })).then([moved({ by: 'centre', movedBy: 'centre-user', movedAt: late.toISOString() })]);
      spec(paidBooking).when(moveTo({ by: 'admin', movedBy: 'a1', now: late })).then([moved({ by: 'admin', movedBy: 'a1', movedAt: late.toISOString() })]);
    });
    it('never makes the learner pay more: to a dearer course the booking keeps its price', () =>
      spec(paidBooking).when(moveTo({ by: 'admin', movedBy: 'a1', toCoursePrice: 25_000 })).then([moved({ by: 'admin', movedBy: 'a1', priceAfter: 20_000 })]));
    it('passes a lower price on: to a cheaper course the difference is refunded', () =>
      spec(paidBooking).when(moveTo({ by: 'centre', movedBy: 'centre-user', sameCentre: true, toCoursePrice: 18_000 })).then([moved({ by: 'centre', movedBy: 'centre-user', priceAfter: 18_000 })]));
  });

  describe('a booking to be paid at the centre', () => {
    it('moves with no money at all, within its centre, to a dearer course too (the centre is owed the new price)', () =>
      spec([placed, approved]).when(moveTo({ sameCentre: true, toCoursePrice: 25_000 })).then([moved({ priceAfter: 25_000 })]));
  });

  describe('waiting for the difference', () => {
    const pending = [...paidBooking, started()];
    it('changes nothing when the same move is asked again while its place is held', () => spec(pending).when(moveTo({ toCoursePrice: 25_000 })).thenNothingHappens());
    it('is replaced by another move', () =>
      spec(pending).when(moveTo({ moveId: 'm2', toCourseId: 'c3', toCoursePrice: 20_000 })).then([abandoned('replaced'), moved({ toCourseId: 'c3' })]));
    it('opens one payment attempt at a time', () => {
      spec(pending).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p2', replaces: null, now }).then([movePaymentStarted()]);
      spec([...pending, movePaymentStarted()]).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p2', replaces: null, now }).thenNothingHappens();
      spec([...pending, movePaymentStarted()]).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p3', replaces: null, now }).thenThrows(PaymentAttemptChanged);
      spec([...pending, movePaymentStarted()]).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p3', replaces: 'p2', now }).then([movePaymentStarted('p3')]);
    });
    it('takes no payment once its hold has elapsed, nor for a move that is not pending', () => {
      spec(pending).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p2', replaces: null, now: at('2026-11-21T09:30:00.000Z') }).thenThrows(MoveHoldExpired);
      spec(paidBooking).when({ type: 'StartMovePayment', bookingId: 'b1', moveId: 'm1', paymentId: 'p2', replaces: null, now }).thenThrows(MoveNotPending);
    });
    it('completes once the difference is paid, the payment kept with the booking’s own', () => {
      const completed = moved({ priceAfter: 25_000, moveId: 'm1', topUpPaymentId: 'p2' });
      spec([...pending, movePaymentStarted()]).when({ type: 'CompleteMove', bookingId: 'b1', paymentId: 'p2', now }).then([completed]);
      spec([...pending, movePaymentStarted(), completed]).when({ type: 'CompleteMove', bookingId: 'b1', paymentId: 'p2', now }).thenNothingHappens();
      const state = [...pending, movePaymentStarted(), completed].reduce(bookingDecider.evolve, bookingDecider.initialState());
      expect(state).toMatchObject({ courseId: 'c2', price: 25_000, paidBy: 'p1', topUps: ['p2'], pendingMove: null });
    });
    it('completes even a moment past its hold, while the move was not abandoned', () =>
      spec([...pending, movePaymentStarted()]).when({ type: 'CompleteMove', bookingId: 'b1', paymentId: 'p2', now: at('2026-11-21T09:31:00.000Z') })
        .then([moved({ priceAfter: 25_000, moveId: 'm1', topUpPaymentId: 'p2', movedAt: '2026-11-21T09:31:00.000Z' })]));
    it('refuses money taken for an abandoned move, or by another attempt (it is refunded)', () => {
      spec([...pending, movePaymentStarted(), abandoned('notPaid')]).when({ type: 'CompleteMove', bookingId: 'b1', paymentId: 'p2', now }).thenThrows(MovePaymentSuperseded);
      spec([...pending, movePaymentStarted(), movePaymentStarted('p3')]).when({ type: 'CompleteMove', bookingId: 'b1', paymentId: 'p2', now }).thenThrows(MovePaymentSuperseded);
    });
    it('is abandoned for want of payment only once its hold has elapsed, once', () => {
      spec(pending).when(abandon({ now: at('2026-11-21T09:29:00.000Z') })).thenThrows(MoveHoldNotElapsed);
      spec(pending).when(abandon()).then([abandoned('notPaid', at('2026-11-21T09:31:00.000Z'))]);
      spec([...pending, abandoned('notPaid')]).when(abandon()).thenNothingHappens();
    });
    it('may be given up by the learner at any time', () => spec(pending).when(abandon({ reason: 'withdrawn', now })).then([abandoned('withdrawn')]));
    it('ends with the booking: a cancellation gives the held place back', () => {
      const cancel: CancelBooking = { type: 'CancelBooking', bookingId: 'b1', by: 'learner', cancelledBy: 'u1', courseStartDate: courseStart, refundCutoffHours: 72, now };
      spec(pending).when(cancel).then([abandoned('bookingEnded'), { type: 'BookingCancelled', data: { bookingId: 'b1', by: 'learner', cancelledBy: 'u1', refundDue: true, cancelledAt: now.toISOString() } }]);
    });
  });

  describe('its money', () => {
    it('refunds, when a payment a booking kept is refunded, the booking whether it was its own or a difference paid', () => {
      expect(refundCancels({ status: 'CONFIRMED', paidBy: 'p1', topUps: ['p2'] }, 'p2')).toBe(true);
      expect(refundCancels({ status: 'CONFIRMED', paidBy: 'p1', topUps: ['p2'] }, 'p3')).toBe(false);
    });
    it('moves only for a booking paid online', () => {
      expect(moveMoney({ paidOnline: true, priceBefore: 200, priceAfter: 200 })).toEqual({ kind: 'none' });
      expect(moveMoney({ paidOnline: true, priceBefore: 200, priceAfter: 150 })).toEqual({ kind: 'refund', amount: 50 });
      expect(moveMoney({ paidOnline: true, priceBefore: 200, priceAfter: 260 })).toEqual({ kind: 'pay', amount: 60 });
      expect(moveMoney({ paidOnline: false, priceBefore: 200, priceAfter: 260 })).toEqual({ kind: 'none' });
    });
    it('is refunded from the differences paid last, then from the booking’s own payment', () => {
      expect(refundShares(7_000, [{ paymentId: 'p1', remaining: 20_000 }, { paymentId: 'p2', remaining: 5_000 }])).toEqual([{ paymentId: 'p2', amount: 5_000 }, { paymentId: 'p1', amount: 2_000 }]);
      expect(refundShares(3_000, [{ paymentId: 'p1', remaining: 20_000 }, { paymentId: 'p2', remaining: 0 }])).toEqual([{ paymentId: 'p1', amount: 3_000 }]);
    });
    it('is never raised by a centre or an administrator', () => {
      expect(priceAfterMove('centre', 200, 300)).toBe(200);
      expect(priceAfterMove('admin', 200, 100)).toBe(100);
      expect(priceAfterMove('learner', 200, 300)).toBe(300);
    });
  });

  it('lets a learner move until the end of the 7th day before the first day, Paris time', () => {
    expect(lastDayToMove(courseStart, 7)).toBe('2026-12-05');
    expect(learnerMayMove(courseStart, at('2026-12-05T22:59:59.000Z'), 7)).toBe(true);
    expect(learnerMayMove(courseStart, at('2026-12-05T23:00:00.000Z'), 7)).toBe(false);
    expect(learnerMayMove(courseStart, at('2026-12-05T23:00:00.000Z'), 0)).toBe(true);
  });
});
