import { describe, expect, it } from 'vitest';
import { packDaysLeft, packDeadline, packLate, packReminderDueAt, packReminderStillDue, packStatus } from './prefecture-pack';

// Saturday 5 and Sunday 6 December 2026, 08:00 → 17:00 Paris (UTC+1).
const endDate = '2026-12-06T16:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the prefecture’s pack', () => {
  it('is due by the 15th calendar day after the course’s last day (Paris)', () => {
    expect(packDeadline(endDate)).toBe('2026-12-21');
    // The Paris day counts, not the UTC one: 23:30 UTC on the 31st is already 1 January in Paris.
    expect(packDeadline('2026-12-31T22:30:00.000Z')).toBe('2027-01-15');
    expect(packDeadline('2026-12-31T23:30:00.000Z')).toBe('2027-01-16');
    // Over a change of month and of the clocks.
    expect(packDeadline('2027-03-21T16:00:00.000Z')).toBe('2027-04-05');
  });

  it('counts the days left in Paris days: 15 the day the course ends, 0 on the last day, negative once late', () => {
    expect(packDaysLeft(endDate, at('2026-12-06T17:00:00.000Z'))).toBe(15);
    expect(packDaysLeft(endDate, at('2026-12-16T08:00:00.000Z'))).toBe(5);
    expect(packDaysLeft(endDate, at('2026-12-20T23:00:00.000Z'))).toBe(0);
    expect(packDaysLeft(endDate, at('2026-12-21T22:59:59.000Z'))).toBe(0);
    expect(packDaysLeft(endDate, at('2026-12-21T23:00:00.000Z'))).toBe(-1);
  });

  it('is late once the deadline’s day is over in Paris', () => {
    expect(packLate(endDate, at('2026-12-21T22:59:59.000Z'))).toBe(false);
    expect(packLate(endDate, at('2026-12-21T23:00:00.000Z'))).toBe(true);
  });

  it('stands not due before the end, awaited, late, or sent; a cancelled course has none', () => {
    expect(packStatus({ endDate }, null, at('2026-12-06T15:59:59.000Z'))).toBe('NOT_DUE');
    expect(packStatus({ endDate }, null, at('2026-12-06T16:00:00.000Z'))).toBe('AWAITED');
    expect(packStatus({ endDate }, null, at('2026-12-22T09:00:00.000Z'))).toBe('LATE');
    expect(packStatus({ endDate }, '2026-12-10T09:00:00.000Z', at('2026-12-22T09:00:00.000Z'))).toBe('SENT');
    expect(packStatus({ endDate, cancelled: true }, null, at('2026-12-22T09:00:00.000Z'))).toBeNull();
  });

  it('reminds at 09:00 Paris, 10 days after the course and on the last day', () => {
    expect(packReminderDueAt(endDate, 10).toISOString()).toBe('2026-12-16T08:00:00.000Z');
    expect(packReminderDueAt(endDate, 15).toISOString()).toBe('2026-12-21T08:00:00.000Z');
  });

  it('sends a reminder from its time until the next one’s (the last until the deadline’s day ends), never late', () => {
    expect(packReminderStillDue(endDate, 10, at('2026-12-16T07:59:59.000Z'))).toBe(false);
    expect(packReminderStillDue(endDate, 10, at('2026-12-16T08:00:00.000Z'))).toBe(true);
    expect(packReminderStillDue(endDate, 10, at('2026-12-20T12:00:00.000Z'))).toBe(true);
    expect(packReminderStillDue(endDate, 10, at('2026-12-21T08:00:00.000Z'))).toBe(false);
    expect(packReminderStillDue(endDate, 15, at('2026-12-21T08:00:00.000Z'))).toBe(true);
    expect(packReminderStillDue(endDate, 15, at('2026-12-21T22:59:59.000Z'))).toBe(true);
    expect(packReminderStillDue(endDate, 15, at('2026-12-21T23:00:00.000Z'))).toBe(false);
  });
});
