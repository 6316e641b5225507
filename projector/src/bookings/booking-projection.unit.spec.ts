import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../testing/recorded';
import type { BookingDocument } from './booking-document';
import { bookingProjection } from './booking-projection';

const stream = 'booking-b1';
const placed = recorded(stream, 0, { type: 'BookingPlaced', data: { bookingId: 'b1', bookingReference: 'RP-ABCD2345', courseId: 'c1', userId: 'u1', price: 21_900, currency: 'EUR', placedAt: '2026-11-21T09:00:00.000Z', holdExpiresAt: '2026-11-21T09:30:00.000Z' } });

describe('bookings read model', () => {
  it('holds a placed booking as PENDING with no payment', () => {
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed])).toMatchObject({ _id: 'b1', status: 'PENDING', paymentId: null, price: 21_900, createdAt: '2026-11-21T09:00:00.000Z' });
  });

  it('records the payment and the confirmation', () => {
    const doc = fold<BookingDocument>(bookingProjection.evolve, [
      placed,
      recorded(stream, 1, { type: 'BookingPaymentStarted', data: { bookingId: 'b1', paymentId: 'p1' } }),
      recorded(stream, 2, { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: '2026-11-21T09:05:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ status: 'CONFIRMED', paymentId: 'p1', confirmedAt: '2026-11-21T09:05:00.000Z', confirmedBy: 'payment' });
  });

  it('holds a booking the centre confirmed unpaid as not paid, until the centre records the money received', () => {
    const approved = [placed, recorded(stream, 1, { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'c', confirmedAt: '2026-11-21T09:05:00.000Z' } })];
    expect(fold<BookingDocument>(bookingProjection.evolve, approved)).toMatchObject({ status: 'CONFIRMED', confirmedBy: 'centre', paidAtCentre: null });
    const doc = fold<BookingDocument>(bookingProjection.evolve, [
      ...approved,
      recorded(stream, 2, { type: 'BookingPaidAtCentre', data: { bookingId: 'b1', method: 'CASH', receivedOn: '2026-11-23', amount: 21_900, recordedBy: 'c', recordedAt: '2026-11-23T16:00:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ status: 'CONFIRMED', paidAtCentre: { method: 'CASH', receivedOn: '2026-11-23', amount: 21_900, recordedAt: '2026-11-23T16:00:00.000Z' } });
  });

  it('records a cancellation and whether it is refunded', () => {
    const doc = fold<BookingDocument>(bookingProjection.evolve, [
      placed,
      recorded(stream, 1, { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'c', confirmedAt: '2026-11-21T09:05:00.000Z' } }),
      recorded(stream, 2, { type: 'BookingCancelled', data: { bookingId: 'b1', by: 'learner', cancelledBy: 'u1', refundDue: false, cancelledAt: '2026-11-22T09:00:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ status: 'CANCELLED', cancelledBy: 'learner', refundDue: false });
  });

  it('forgets a deleted booking and marks an expired one', () => {
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, recorded(stream, 1, { type: 'BookingDeleted', data: { bookingId: 'b1', deletedBy: 'a1', deletedAt: '2026-11-21T09:10:00.000Z' } })])).toBeNull();
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, recorded(stream, 1, { type: 'BookingExpired', data: { bookingId: 'b1', expiredAt: '2026-11-21T09:31:00.000Z' } })])).toMatchObject({ status: 'EXPIRED' });
  });

  it('follows a move to another date: the new course and price, the same reference, and where it came from', () => {
    const confirmed = recorded(stream, 1, { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'c', confirmedAt: '2026-11-21T09:05:00.000Z' } });
    const started = recorded(stream, 2, {
      type: 'BookingMoveStarted',
      data: { bookingId: 'b1', moveId: 'm1', fromCourseId: 'c1', toCourseId: 'c2', by: 'learner', movedBy: 'u1', startedAt: '2026-11-22T09:00:00.000Z', holdExpiresAt: '2026-11-22T09:30:00.000Z', priceBefore: 21_900, priceAfter: 25_000 },
    });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, confirmed, started])).toMatchObject({ courseId: 'c1', pendingMove: { toCourseId: 'c2', holdExpiresAt: '2026-11-22T09:30:00.000Z' } });
    const moved = recorded(stream, 3, {
      type: 'BookingMoved',
      data: { bookingId: 'b1', fromCourseId: 'c1', toCourseId: 'c2', by: 'learner', movedBy: 'u1', movedAt: '2026-11-22T09:10:00.000Z', priceBefore: 21_900, priceAfter: 25_000, moveId: 'm1', topUpPaymentId: 'p2' },
    });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, confirmed, started, moved])).toMatchObject({
      courseId: 'c2', price: 25_000, bookingReference: 'RP-ABCD2345', pendingMove: null,
      movedFrom: [{ courseId: 'c1', movedAt: '2026-11-22T09:10:00.000Z', by: 'learner', priceBefore: 21_900, priceAfter: 25_000 }],
    });
  });

  it('holds no case until the learner declares one, then the last one declared', () => {
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed])).toMatchObject({ learnerCase: null });
    const declared = (revision: number, learnerCase: 'PROBATION_48N' | 'COURT_ORDER', letterReceivedOn: string | null) =>
      recorded(stream, revision, { type: 'BookingCaseDeclared', data: { bookingId: 'b1', learnerCase, letterReceivedOn, declaredBy: 'u1', declaredAt: '2026-11-21T09:02:00.000Z' } });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, declared(1, 'PROBATION_48N', '2026-10-02')])).toMatchObject({ learnerCase: { case: 'PROBATION_48N', letterReceivedOn: '2026-10-02' } });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, declared(1, 'PROBATION_48N', '2026-10-02'), declared(2, 'COURT_ORDER', null)])).toMatchObject({ learnerCase: { case: 'COURT_ORDER', letterReceivedOn: null } });
  });

  it('holds the attendance as last recorded with its outcome, and when the attestation was sent (issue 20)', () => {
    const confirmed = recorded(stream, 1, { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'centre', approvedBy: 'c', confirmedAt: '2026-11-21T09:05:00.000Z' } });
    const attendance = (revision: number, halfDays: Record<string, string>) =>
      recorded(stream, revision, { type: 'BookingAttendanceRecorded', data: { bookingId: 'b1', courseId: 'c1', halfDays, by: 'centre', recordedBy: 'c', recordedAt: '2026-12-05T17:00:00.000Z' } });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, confirmed])).toMatchObject({ attendance: null, attestationSentAt: null });
    expect(fold<BookingDocument>(bookingProjection.evolve, [placed, confirmed, attendance(2, { DAY1_MORNING: 'PRESENT' })])).toMatchObject({ attendance: { halfDays: { DAY1_MORNING: 'PRESENT' }, outcome: 'PENDING' } });
    const all = { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' };
    const doc = fold<BookingDocument>(bookingProjection.evolve, [
      placed, confirmed, attendance(2, { ...all, DAY2_AFTERNOON: 'LATE_REFUSED' }), attendance(3, all),
      recorded(stream, 4, { type: 'BookingAttestationSent', data: { bookingId: 'b1', courseId: 'c1', sentAt: '2026-12-05T17:01:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ attendance: { halfDays: all, outcome: 'COMPLETED' }, attestationSentAt: '2026-12-05T17:01:00.000Z' });
  });
});
