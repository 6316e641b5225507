import { describe, expect, it } from 'vitest';
import { bookingEnding } from './booking-view';

const cancelled = {
  status: 'CANCELLED' as const, cancelledBy: 'admin' as const, cancelledAt: '2026-11-25T10:00:00.000Z', holdExpiresAt: '2026-11-20T10:30:00.000Z', refundDue: false, paidAtCentre: null,
};
const paidAtCentre = { method: 'CASH' as const, receivedOn: '2026-11-21', amount: 23_000, recordedAt: '2026-11-21T16:00:00.000Z' };

describe('why a booking ended and where its money went', () => {
  it('says a cancelled booking paid at the centre was paid there, never that nothing was charged', () => {
    expect(bookingEnding({ ...cancelled, paidAtCentre }, null)).toEqual({ reason: 'cancelledByAdmin', at: cancelled.cancelledAt, money: 'paidAtCentre' });
    // A card declined before the centre confirmed it and took the money: still paid at the centre.
    expect(bookingEnding({ ...cancelled, cancelledBy: 'courseCancelled', paidAtCentre }, { status: 'FAILED' })).toMatchObject({ reason: 'courseCancelled', money: 'paidAtCentre' });
    // An online payment that landed after the centre took the money went back at once: the booking's money is the centre's.
    expect(bookingEnding({ ...cancelled, paidAtCentre }, { status: 'REFUNDED' })).toMatchObject({ money: 'paidAtCentre' });
  });

  it('says nothing was charged for a booking never paid, online or at the centre', () => {
    expect(bookingEnding(cancelled, null)).toMatchObject({ money: 'notCharged' });
    expect(bookingEnding({ ...cancelled, status: 'EXPIRED', cancelledBy: null, cancelledAt: null }, { status: 'FAILED' })).toEqual({ reason: 'expired', at: cancelled.holdExpiresAt, money: 'notCharged' });
  });

  it('says what became of money taken online', () => {
    expect(bookingEnding(cancelled, { status: 'REFUNDED' })).toMatchObject({ money: 'refunded' });
    expect(bookingEnding({ ...cancelled, refundDue: true }, { status: 'SUCCEEDED' })).toMatchObject({ money: 'refundPending' });
    expect(bookingEnding(cancelled, { status: 'SUCCEEDED' })).toMatchObject({ money: 'kept' });
  });

  it('says nothing of a booking still running', () => {
    expect(bookingEnding({ ...cancelled, status: 'CONFIRMED', cancelledBy: null, cancelledAt: null, paidAtCentre }, null)).toBeNull();
  });
});
