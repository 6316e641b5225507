import { describe, expect, it } from 'vitest';
import { firstDayEarningPointsAfter, pointsEligibility, type CourseTaken } from './points-eligibility';

// 14–15 March 2026, 08:00–17:00 in Paris.
const march2026: CourseTaken = { courseId: 'c-march', startDate: '2026-03-14T07:00:00.000Z', endDate: '2026-03-15T16:00:00.000Z' };
const startingOn = (day: string) => ({ courseId: 'c-next', startDate: `${day}T07:00:00.000Z` });

describe('points eligibility', () => {
  it('earns points when the learner has taken no course with us', () => {
    expect(pointsEligibility(startingOn('2026-06-01'), [])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null });
  });

  it('earns no points less than a year after the end of a course taken, and says from when a course earns some again', () => {
    expect(pointsEligibility(startingOn('2026-09-10'), [march2026])).toEqual({ earnsPoints: false, eligibleFrom: '2027-03-16', previousCourse: march2026 });
    expect(pointsEligibility(startingOn('2027-03-15'), [march2026]).earnsPoints).toBe(false);
  });

  it('earns points again from the day after the anniversary of the last course day, date to date', () => {
    expect(firstDayEarningPointsAfter(march2026)).toBe('2027-03-16');
    expect(pointsEligibility(startingOn('2027-03-16'), [march2026]).earnsPoints).toBe(true);
  });

  it('counts from the latest course that ended before this one starts', () => {
    const january2027: CourseTaken = { courseId: 'c-jan', startDate: '2027-01-08T07:00:00.000Z', endDate: '2027-01-09T16:00:00.000Z' };
    expect(pointsEligibility(startingOn('2027-06-01'), [march2026, january2027])).toMatchObject({ earnsPoints: false, eligibleFrom: '2028-01-10', previousCourse: january2027 });
  });

  it('ignores the course itself and the courses that come after it', () => {
    expect(pointsEligibility({ courseId: 'c-march', startDate: march2026.startDate }, [march2026]).earnsPoints).toBe(true);
    expect(pointsEligibility(startingOn('2026-01-10'), [march2026]).earnsPoints).toBe(true);
  });

  it('reads days in Paris, not in UTC', () => {
    // 23:30 UTC on 15 March is already 00:30 on the 16th in Paris; 22:30 UTC is still 23:30 on the 15th.
    expect(firstDayEarningPointsAfter({ endDate: '2026-03-15T23:30:00.000Z' })).toBe('2027-03-17');
    expect(firstDayEarningPointsAfter({ endDate: '2026-03-15T22:30:00.000Z' })).toBe('2027-03-16');
  });
});
