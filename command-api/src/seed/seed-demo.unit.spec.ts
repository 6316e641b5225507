import { describe, expect, it } from 'vitest';
import { DEMO_CENTRES } from '@recup/infra/seed/demo-catalog';
import { addDays, courseDays, courseScheduleProblems, coversSaturday, parisCalendarDay } from '@recup/shared-events/calendar/index';
import { demoCourses } from './seed-demo';

/** A small deterministic sequence, so that the dates vary as the real seed's do. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('demo courses', () => {
  const venues = DEMO_CENTRES.flatMap((c) => c.venues);
  const courses = demoCourses('2026-11-21', venues, () => 0.5);

  it('covers the six departments with at least 40 two-day courses over the next three months', () => {
    expect(courses.length).toBeGreaterThanOrEqual(40);
    expect(new Set(courses.map((c) => c.department))).toEqual(new Set(['04', '05', '06', '13', '83', '84']));
    for (const course of courses) {
      const start = Date.parse(course.startDate);
      expect(start).toBeGreaterThan(Date.parse('2026-11-23T00:00:00Z'));
      expect(start).toBeLessThan(Date.parse('2027-02-28T00:00:00Z'));
      expect(Date.parse(course.endDate) - start).toBe(33 * 3_600_000);
      expect(course.price % 100).toBe(0);
    }
  });

  it('gives every course its prefecture (ANTS) number and every centre its prefectoral approval, as an advertisement must show them', () => {
    for (const seed of [1, 2, 3]) for (const course of demoCourses('2026-11-21', venues, sequence(seed))) expect(course.antsNumber, course.city).toMatch(new RegExp(`^ANTS-${course.department}-\\d{5}$`, 'u'));
    for (const centre of DEMO_CENTRES) expect(centre.prefectApprovalReference, centre.name).toMatch(/^R\d{10}$/u);
  });

  it('never puts two courses of one venue on the same dates', () => {
    const keys = courses.map((c) => `${c.address}|${c.startDate}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('runs 8:00 to 17:00, Paris time', () => {
    expect(courses[0]!.startDate).toMatch(/T07:00:00\.000Z$/);
    expect(courses[0]!.endDate).toMatch(/T16:00:00\.000Z$/);
  });

  // Around Christmas and New Year, and over Easter, Ascension and Whit Monday, with dates drawn as the seed draws them.
  describe.each(['2026-12-10', '2027-03-15', '2027-04-20'])('seeded on %s', (today) => {
    const drawn = [1, 2, 3, 4, 5].flatMap((seed) => demoCourses(today, venues, sequence(seed)));

    it('obeys the law: two consecutive days, never a Sunday or a public holiday, 6 to 20 places, declared 10 days ahead', () => {
      for (const course of drawn) {
        expect(courseScheduleProblems(course.startDate, course.endDate), `${course.city} ${course.startDate}`).toEqual([]);
        expect(courseDays(course.startDate, course.endDate)).toHaveLength(2);
        expect(course.totalSpots).toBeGreaterThanOrEqual(6);
        expect(course.totalSpots).toBeLessThanOrEqual(20);
        expect(parisCalendarDay(new Date(course.startDate)) >= addDays(today, 10)).toBe(true);
      }
    });

    it('still offers weekend courses (Friday–Saturday) and never two courses of a venue on overlapping days', () => {
      expect(drawn.some((course) => coversSaturday(course.startDate, course.endDate))).toBe(true);
      for (const seed of [1, 2, 3, 4, 5]) {
        const days = demoCourses(today, venues, sequence(seed)).flatMap((course) => courseDays(course.startDate, course.endDate).map((day) => `${course.address}|${day}`));
        expect(new Set(days).size).toBe(days.length);
      }
    });
  });
});
