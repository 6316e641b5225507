import { describe, expect, it } from 'vitest';
import { learnerCancellationRefunded, startsWithinWithdrawalPeriod, withdrawalPeriodEnd } from './withdrawal';

const at = (iso: string) => new Date(iso);

describe('the right of withdrawal (14 days)', () => {
  it('ends when the 14th Paris day after the booking’s day ends', () => {
    // Booked Saturday 21 November 2026 at 10:00 Paris: the period runs to Saturday 5 December, 23:59:59 Paris.
    expect(withdrawalPeriodEnd('2026-11-21T09:00:00.000Z').toISOString()).toBe('2026-12-05T23:00:00.000Z');
    // Booked at 00:30 Paris on the 22nd (23:30 UTC the day before): its day is the 22nd.
    expect(withdrawalPeriodEnd('2026-11-21T23:30:00.000Z').toISOString()).toBe('2026-12-06T23:00:00.000Z');
  });

  it('does not apply to a course that starts within those 14 days (the learner asks for that start)', () => {
    expect(startsWithinWithdrawalPeriod('2026-11-21T09:00:00.000Z', '2026-12-05T07:00:00.000Z')).toBe(true);
    expect(startsWithinWithdrawalPeriod('2026-11-21T09:00:00.000Z', '2026-12-07T07:00:00.000Z')).toBe(false);
  });

  it('refunds a learner’s cancellation within the period, even closer than 72 hours to the start', () => {
    const booking = { bookedAt: '2026-11-21T09:00:00.000Z', courseStartDate: '2026-12-07T07:00:00.000Z', refundCutoffHours: 72 };
    // Friday 4 December: 3 days before the start (72 h and more) — refunded either way.
    expect(learnerCancellationRefunded({ ...booking, now: at('2026-12-04T07:00:00.000Z') })).toBe(true);
    // Saturday 5 December, 20:00 Paris: 35 hours before the start, but still within the 14 days.
    expect(learnerCancellationRefunded({ ...booking, now: at('2026-12-05T19:00:00.000Z') })).toBe(true);
    // Sunday 6 December: the period is over and the start is 24 hours away.
    expect(learnerCancellationRefunded({ ...booking, now: at('2026-12-06T07:00:00.000Z') })).toBe(false);
  });

  it('leaves a course that starts within the period to the 72-hour rule alone', () => {
    const booking = { bookedAt: '2026-11-21T09:00:00.000Z', courseStartDate: '2026-11-28T07:00:00.000Z', refundCutoffHours: 72 };
    expect(learnerCancellationRefunded({ ...booking, now: at('2026-11-25T07:00:00.000Z') })).toBe(true);
    expect(learnerCancellationRefunded({ ...booking, now: at('2026-11-26T07:00:00.000Z') })).toBe(false);
  });
});
