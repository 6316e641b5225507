import { describe, expect, it } from 'vitest';
import { freeMoveDeadline, learnerRefundDeadline } from './booking-terms';
import { learnerMayMove } from './move-rules';
import { learnerCancellationRefunded } from './withdrawal';

const START = '2026-12-04T07:00:00.000Z';

describe('the dates a learner is told', () => {
  it('allow a free move until the end of the Paris day the cut-off in days before the first day, as the move enforces it', () => {
    // Friday 4 December 08:00: a week before is Friday 27 November, all of it (Paris midnight is 23:00 UTC in winter).
    const deadline = freeMoveDeadline(START, 7);
    expect(deadline.toISOString()).toBe('2026-11-27T22:59:59.999Z');
    expect(learnerMayMove(START, deadline, 7)).toBe(true);
    expect(learnerMayMove(START, new Date(deadline.getTime() + 1), 7)).toBe(false);
    // In summer Paris is two hours ahead.
    expect(freeMoveDeadline('2026-07-10T06:00:00.000Z', 7).toISOString()).toBe('2026-07-03T21:59:59.999Z');
    // No cut-off: until the course starts, never after.
    expect(freeMoveDeadline(START, 0).toISOString()).toBe('2026-12-04T06:59:59.999Z');
    expect(learnerMayMove(START, new Date(Date.parse(START) - 1), 0)).toBe(true);
    expect(learnerMayMove(START, new Date(START), 0)).toBe(false);
  });

  it('refund a cancellation until the cut-off before the start when the withdrawal period ended before it', () => {
    const bookedAt = '2026-10-01T10:00:00.000Z';
    const deadline = learnerRefundDeadline({ bookedAt, courseStartDate: START, refundCutoffHours: 72 });
    expect(deadline.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(learnerCancellationRefunded({ bookedAt, courseStartDate: START, now: deadline, refundCutoffHours: 72 })).toBe(true);
    expect(learnerCancellationRefunded({ bookedAt, courseStartDate: START, now: new Date(deadline.getTime() + 1), refundCutoffHours: 72 })).toBe(false);
  });

  it('refund it until the withdrawal period ends when that comes later than the cut-off', () => {
    // Booked on 17 November: the 14 days end at midnight after 1 December, after the cut-off (1 December 08:00).
    const bookedAt = '2026-11-17T10:00:00.000Z';
    const deadline = learnerRefundDeadline({ bookedAt, courseStartDate: START, refundCutoffHours: 72 });
    expect(deadline.toISOString()).toBe('2026-12-01T22:59:59.999Z');
    expect(learnerCancellationRefunded({ bookedAt, courseStartDate: START, now: deadline, refundCutoffHours: 72 })).toBe(true);
    expect(learnerCancellationRefunded({ bookedAt, courseStartDate: START, now: new Date(deadline.getTime() + 1), refundCutoffHours: 72 })).toBe(false);
  });

  it('count the cut-off alone for a course that starts within the withdrawal period', () => {
    const bookedAt = '2026-11-25T10:00:00.000Z';
    expect(learnerRefundDeadline({ bookedAt, courseStartDate: START, refundCutoffHours: 72 }).toISOString()).toBe('2026-12-01T07:00:00.000Z');
  });
});
