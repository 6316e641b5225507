import { describe, expect, it } from 'vitest';
import { firstDayEarningPointsAfter, pointsEligibility, pointsStandings, type CourseTaken } from './points-eligibility';

/** A two-day course, 08:00 on `first` to 17:00 the next day in Paris (winter time: UTC+1). */
function course(courseId: string, first: string): CourseTaken {
  const start = new Date(`${first}T07:00:00.000Z`);
  return { courseId, startDate: start.toISOString(), endDate: new Date(start.getTime() + 33 * 3_600_000).toISOString() };
}

// 14–15 March 2026 (summer time starts on the 29th: still UTC+1).
const march2026 = course('c-march', '2026-03-14');
const startingOn = (day: string) => course('c-next', day);

describe('points eligibility', () => {
  it('earns points when the learner has taken no course with us', () => {
    expect(pointsEligibility(startingOn('2026-06-01'), [])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
  });

  it('earns no points less than a year after the end of a course taken, and says from when a course earns some again', () => {
    expect(pointsEligibility(startingOn('2026-09-10'), [march2026])).toEqual({ earnsPoints: false, eligibleFrom: '2027-03-16', previousCourse: march2026, coursesLosingPoints: [] });
    expect(pointsEligibility(startingOn('2027-03-15'), [march2026]).earnsPoints).toBe(false);
  });

  it('earns points again from the day after the anniversary of the last course day, date to date', () => {
    expect(firstDayEarningPointsAfter(march2026)).toBe('2027-03-16');
    expect(pointsEligibility(startingOn('2027-03-16'), [march2026])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
  });

  it('counts from the latest course that earned points before this one', () => {
    const january2027 = course('c-jan', '2027-01-08');
    const june2028 = course('c-june', '2028-06-01');
    expect(pointsEligibility(startingOn('2028-09-01'), [march2026, january2027, june2028])).toMatchObject({ earnsPoints: false, eligibleFrom: '2029-06-03', previousCourse: june2028 });
  });

  it('ignores the course itself', () => {
    expect(pointsEligibility(march2026, [march2026])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
  });

  it('reads days in Paris, not in UTC', () => {
    // 23:30 UTC on 15 March is already 00:30 on the 16th in Paris; 22:30 UTC is still 23:30 on the 15th.
    expect(firstDayEarningPointsAfter({ endDate: '2026-03-15T23:30:00.000Z' })).toBe('2027-03-17');
    expect(firstDayEarningPointsAfter({ endDate: '2026-03-15T22:30:00.000Z' })).toBe('2027-03-16');
  });
});

describe('when the new course comes before a course the learner already holds', () => {
  // The case: a paid course on 18–19 January, then another booked on 13–14 January.
  const january18 = course('c-jan-18', '2027-01-18');
  const january13 = course('c-jan-13', '2027-01-13');

  it('the new course earns the points, and names the course that would then earn none', () => {
    expect(pointsEligibility(january13, [january18])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [january18] });
  });

  it('once both are held, the later one earns none, from the earlier one', () => {
    expect(pointsEligibility(january18, [january13, january18])).toEqual({ earnsPoints: false, eligibleFrom: '2028-01-15', previousCourse: january13, coursesLosingPoints: [] });
    expect(pointsEligibility(january13, [january13, january18])).toMatchObject({ earnsPoints: true, coursesLosingPoints: [january18] });
  });

  it('takes nothing from a course a year or more after it', () => {
    expect(pointsEligibility(startingOn('2025-03-10'), [march2026])).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
    expect(pointsEligibility(startingOn('2026-03-13'), [course('c-2027', '2027-03-15')]).coursesLosingPoints).toEqual([]);
    expect(pointsEligibility(startingOn('2026-03-13'), [course('c-2027', '2027-03-14')]).coursesLosingPoints).toHaveLength(1);
  });

  it('takes nothing from a course that earns no points anyway', () => {
    // March 2026 earns; September 2026 earns none. A course in February 2026 takes March's points, and September still earns none.
    const september = course('c-sept', '2026-09-10');
    expect(pointsEligibility(startingOn('2026-02-02'), [march2026, september])).toMatchObject({ earnsPoints: true, coursesLosingPoints: [march2026] });
  });

  it('earns nothing itself when it falls within the year of an earlier course, and then takes nothing from a later one', () => {
    const december2026 = course('c-dec', '2026-12-07');
    const march2027 = course('c-march-27', '2027-03-20');
    // December 2026 earns none (March 2026 earned); March 2027 earns (after 16 March 2027). A course in January 2027 changes nothing.
    expect(pointsEligibility(startingOn('2027-01-11'), [march2026, december2026, march2027])).toEqual({
      earnsPoints: false, eligibleFrom: '2027-03-16', previousCourse: march2026, coursesLosingPoints: [],
    });
  });
});

describe('the standing of each of a learner’s courses', () => {
  it('runs the year from the last course that earned points, not from one that earned none', () => {
    const september2026 = course('c-sept', '2026-09-10');
    const april2027 = course('c-april', '2027-04-05');
    const standings = pointsStandings([april2027, september2026, march2026]);
    expect(standings.get('c-march')).toEqual({ earnsPoints: true });
    expect(standings.get('c-sept')).toEqual({ earnsPoints: false, eligibleFrom: '2027-03-16', previousCourse: march2026 });
    // Less than a year after September, but more than a year after March: it earns points.
    expect(standings.get('c-april')).toEqual({ earnsPoints: true });
  });

  it('gives the points of two courses on the same days to one of them only', () => {
    const standings = pointsStandings([course('b', '2026-03-14'), course('a', '2026-03-14')]);
    expect([standings.get('a')?.earnsPoints, standings.get('b')?.earnsPoints]).toEqual([true, false]);
  });
});
