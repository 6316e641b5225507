import { describe, expect, it } from 'vitest';
import { followUpDueAt, followUpRefusal, reminderDueAt, reminderRefusal } from './reminders';

// Friday 4 and Saturday 5 December 2026, 08:00–17:00 Paris (UTC+1).
const START = '2026-12-04T07:00:00.000Z';
const END = '2026-12-05T16:00:00.000Z';
const DAYS = [7, 1];

describe('reminders before a course', () => {
  it('fall due at 09:00, Paris, the given number of calendar days before the first day', () => {
    expect(reminderDueAt(START, 7).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(reminderDueAt(START, 1).toISOString()).toBe('2026-12-03T08:00:00.000Z');
  });

  it('keep 09:00 on the Paris wall clock across a change of time', () => {
    // Monday 30 March 2026 starts in summer time; a week before is still winter time.
    expect(reminderDueAt('2026-03-30T06:00:00.000Z', 7).toISOString()).toBe('2026-03-23T08:00:00.000Z');
    expect(reminderDueAt('2026-03-30T06:00:00.000Z', 1).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('go out once due and before the course starts, only the latest when several are due at once', () => {
    const at = (now: string, daysBefore: number) => reminderRefusal({ daysBefore, reminderDays: DAYS, courseStartDate: START, confirmedAt: '2026-11-10T10:00:00.000Z', now: new Date(now) });
    expect(at('2026-11-27T07:59:59.000Z', 7)).toBe('NOT_DUE');
    expect(at('2026-11-27T08:00:00.000Z', 7)).toBeNull();
    expect(at('2026-12-02T12:00:00.000Z', 7)).toBeNull();
    expect(at('2026-12-03T08:00:00.000Z', 7)).toBe('OVERTAKEN');
    expect(at('2026-12-03T08:00:00.000Z', 1)).toBeNull();
    expect(at('2026-12-04T07:00:00.000Z', 1)).toBe('COURSE_STARTED');
  });

  it('leave out a booking confirmed after its time, or within 12 hours before it (the confirmation e-mail said it all)', () => {
    const confirmed = (confirmedAt: string, daysBefore: number, now: string) => reminderRefusal({ daysBefore, reminderDays: DAYS, courseStartDate: START, confirmedAt, now: new Date(now) });
    expect(confirmed('2026-11-30T10:00:00.000Z', 7, '2026-11-30T10:00:00.000Z')).toBe('JUST_CONFIRMED');
    expect(confirmed('2026-11-26T21:00:00.000Z', 7, '2026-11-27T08:00:00.000Z')).toBe('JUST_CONFIRMED');
    expect(confirmed('2026-11-26T19:00:00.000Z', 7, '2026-11-27T08:00:00.000Z')).toBeNull();
    expect(confirmed('2026-11-30T10:00:00.000Z', 1, '2026-12-03T08:00:00.000Z')).toBeNull();
  });
});

describe('the message after the course', () => {
  it('falls due at 10:00, Paris, the day after the last day', () => {
    expect(followUpDueAt(END).toISOString()).toBe('2026-12-06T09:00:00.000Z');
  });

  it('goes out within a week of that time, not before and not later', () => {
    expect(followUpRefusal(END, new Date('2026-12-06T08:59:00.000Z'))).toBe('NOT_DUE');
    expect(followUpRefusal(END, new Date('2026-12-06T09:00:00.000Z'))).toBeNull();
    expect(followUpRefusal(END, new Date('2026-12-13T09:00:00.000Z'))).toBeNull();
    expect(followUpRefusal(END, new Date('2026-12-13T09:00:01.000Z'))).toBe('TOO_LATE');
  });
});
