import { describe, expect, it } from 'vitest';
import { attendanceOutcome, attendanceWindow, missedHalfDays } from './attendance';

describe('a booking’s attendance', () => {
  it('is completed only when the learner was present at all four half-days', () => {
    expect(attendanceOutcome({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' })).toBe('COMPLETED');
  });

  it('is not completed as soon as one half-day is missed, absent or late and refused, even before the others are recorded', () => {
    expect(attendanceOutcome({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'ABSENT' })).toBe('NOT_COMPLETED');
    expect(attendanceOutcome({ DAY2_AFTERNOON: 'LATE_REFUSED', DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT' })).toBe('NOT_COMPLETED');
    expect(missedHalfDays({ DAY2_AFTERNOON: 'LATE_REFUSED', DAY1_MORNING: 'ABSENT', DAY1_AFTERNOON: 'PRESENT' })).toEqual(['DAY1_MORNING', 'DAY2_AFTERNOON']);
  });

  it('is pending while a half-day is not recorded and none is missed', () => {
    expect(attendanceOutcome({})).toBe('PENDING');
    expect(attendanceOutcome({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT' })).toBe('PENDING');
  });

  it('may be recorded from the first day, 00:00 Paris, to the end of the 15th day after the last (Paris, summer and winter time)', () => {
    const summer = attendanceWindow({ startDate: '2026-06-12T06:00:00.000Z', endDate: '2026-06-13T15:00:00.000Z' });
    expect(summer.opensAt.toISOString()).toBe('2026-06-11T22:00:00.000Z');
    expect(summer.closesAt.toISOString()).toBe('2026-06-28T22:00:00.000Z');
    const winter = attendanceWindow({ startDate: '2026-12-10T07:00:00.000Z', endDate: '2026-12-11T16:00:00.000Z' });
    expect(winter.opensAt.toISOString()).toBe('2026-12-09T23:00:00.000Z');
    expect(winter.closesAt.toISOString()).toBe('2026-12-26T23:00:00.000Z');
  });
});
