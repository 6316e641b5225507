import { describe, expect, it } from 'vitest';
import { addYears, daysBetween } from './calendar-day';
import { closedDayReason, courseScheduleProblems, coversSaturday, isLegalCourseDay, nextLegalCourseStart } from './course-days';

describe('a legal course day', () => {
  it('is any day but a Sunday or a public holiday', () => {
    expect(isLegalCourseDay('2026-12-04')).toBe(true); // Friday
    expect(isLegalCourseDay('2026-12-05')).toBe(true); // Saturday
    expect(closedDayReason('2026-12-06')).toEqual({ day: '2026-12-06', reason: 'SUNDAY' });
    expect(closedDayReason('2026-05-25')).toMatchObject({ reason: 'PUBLIC_HOLIDAY', holiday: { name: { fr: 'Lundi de Pentecôte' } } });
  });

  it('is read in Paris: Saturday 23:30 in Paris is not yet Sunday', () => {
    expect(isLegalCourseDay(new Date('2026-12-05T22:30:00Z'))).toBe(true);
    expect(isLegalCourseDay(new Date('2026-12-05T23:30:00Z'))).toBe(false);
  });
});

describe('a course schedule', () => {
  it('is legal on two consecutive legal days', () => {
    expect(courseScheduleProblems('2026-12-04T07:00:00Z', '2026-12-05T16:00:00Z')).toEqual([]);
  });

  it('names each closed day and a length other than two days', () => {
    expect(courseScheduleProblems('2026-12-05T07:00:00Z', '2026-12-06T16:00:00Z')).toEqual([{ rule: 'CLOSED_DAY', closed: { day: '2026-12-06', reason: 'SUNDAY' } }]);
    expect(courseScheduleProblems('2026-12-07T07:00:00Z', '2026-12-07T16:00:00Z')).toEqual([{ rule: 'TWO_CONSECUTIVE_DAYS', days: 1 }]);
    expect(courseScheduleProblems('2026-12-24T07:00:00Z', '2026-12-25T16:00:00Z')[0]).toMatchObject({ rule: 'CLOSED_DAY', closed: { day: '2026-12-25', reason: 'PUBLIC_HOLIDAY' } });
  });

  it('has a Saturday when it runs Friday–Saturday, not when it runs Sunday–Monday', () => {
    expect(coversSaturday('2026-12-04T07:00:00Z', '2026-12-05T16:00:00Z')).toBe(true);
    expect(coversSaturday('2026-12-06T07:00:00Z', '2026-12-07T16:00:00Z')).toBe(false);
    expect(coversSaturday('2026-12-07T07:00:00Z', '2026-12-08T16:00:00Z')).toBe(false);
  });

  it('starts at the earliest on the first day whose next day is also legal', () => {
    expect(nextLegalCourseStart('2026-12-05')).toBe('2026-12-07'); // Sat (then Sunday) → Monday
    expect(nextLegalCourseStart('2026-12-24')).toBe('2026-12-28'); // Thu (then Christmas), Sat (then Sunday) → Monday
  });
});

describe('calendar days', () => {
  it('add years date to date, a 29 February becoming the 28th', () => {
    expect(addYears('2026-03-15', 1)).toBe('2027-03-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('list the Paris days of a range across a change of time', () => {
    expect(daysBetween(new Date('2026-10-24T06:00:00Z'), new Date('2026-10-25T16:00:00Z'))).toEqual(['2026-10-24', '2026-10-25']);
  });
});
