import { describe, expect, it } from 'vitest';
import { courseSessions } from './course-sessions';

describe('the days of a course', () => {
  it('run from the start time to the end time each day, with the lunch break between the half-days', () => {
    expect(courseSessions('2026-12-04T07:00:00.000Z', '2026-12-05T16:00:00.000Z')).toEqual([
      {
        day: '2026-12-04', start: '2026-12-04T07:00:00.000Z', end: '2026-12-04T16:00:00.000Z',
        halfDays: [{ start: '2026-12-04T07:00:00.000Z', end: '2026-12-04T11:00:00.000Z' }, { start: '2026-12-04T12:00:00.000Z', end: '2026-12-04T16:00:00.000Z' }],
      },
      {
        day: '2026-12-05', start: '2026-12-05T07:00:00.000Z', end: '2026-12-05T16:00:00.000Z',
        halfDays: [{ start: '2026-12-05T07:00:00.000Z', end: '2026-12-05T11:00:00.000Z' }, { start: '2026-12-05T12:00:00.000Z', end: '2026-12-05T16:00:00.000Z' }],
      },
    ]);
  });

  it('keep the Paris wall clock on both days across a change of time', () => {
    // Saturday 24 (summer time) and Monday 26 October 2026 would not be a course; Saturday 24 – Sunday 25 shows the shift.
    const [first, second] = courseSessions('2026-10-24T06:00:00.000Z', '2026-10-25T16:00:00.000Z');
    expect(first!.start).toBe('2026-10-24T06:00:00.000Z');
    expect(second!.start).toBe('2026-10-25T07:00:00.000Z');
    expect(second!.end).toBe('2026-10-25T16:00:00.000Z');
  });
});
