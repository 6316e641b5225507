import { describe, expect, it } from 'vitest';
import { DEMO_CENTRES } from '@recup/infra/seed/demo-catalog';
import { demoCourses } from './seed-demo';

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

  it('never puts two courses of one venue on the same dates', () => {
    const keys = courses.map((c) => `${c.address}|${c.startDate}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('runs 8:00 to 17:00, Paris time', () => {
    expect(courses[0]!.startDate).toMatch(/T07:00:00\.000Z$/);
    expect(courses[0]!.endDate).toMatch(/T16:00:00\.000Z$/);
  });
});
