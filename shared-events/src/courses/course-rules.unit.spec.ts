import { describe, expect, it } from 'vitest';
import { checkCourse, type CourseInput, type CourseRuleContext } from './course-rules';

// Saturday 21 November 2026, 10:00 in Paris.
const now = new Date('2026-11-21T09:00:00.000Z');
const centre: CourseRuleContext = { now, minPriceCents: 1 };
/** Friday 4 and Saturday 5 December 2026, 08:00 to 17:00 in Paris: 13 days ahead. */
const valid: CourseInput = {
  title: 'Toulon', titleEn: '', description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: null,
  address: ' 12 avenue de la République ', city: 'Toulon', postalCode: '83000', department: '83',
  startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', price: 22_000, totalSpots: 20, antsNumber: '',
};
const issues = (input: Partial<CourseInput>, context: CourseRuleContext = centre) => {
  const result = checkCourse({ ...valid, ...input }, context);
  return result.ok ? [] : result.issues;
};
const codes = (input: Partial<CourseInput>, context?: CourseRuleContext) => issues(input, context).map((i) => `${i.code}:${i.field}`);

describe('the course form and the law', () => {
  it('accepts a legal course and trims it', () => {
    const result = checkCourse(valid, centre);
    expect(result).toEqual({ ok: true, details: expect.objectContaining({ address: '12 avenue de la République', titleEn: null, antsNumber: null, department: '83', price: 22_000 }) });
  });

  it('requires the title, address, city, department, dates, price and places (spec 001 §5)', () => {
    expect(codes({ title: ' ', address: '', city: null, department: '', postalCode: '99999', startDate: '', endDate: undefined, price: null, totalSpots: undefined })).toEqual([
      'COURSE_FIELD_REQUIRED:title', 'COURSE_FIELD_REQUIRED:address', 'COURSE_FIELD_REQUIRED:city', 'COURSE_FIELD_REQUIRED:department',
      'COURSE_FIELD_REQUIRED:startDate', 'COURSE_FIELD_REQUIRED:endDate', 'COURSE_FIELD_REQUIRED:price', 'COURSE_FIELD_REQUIRED:totalSpots',
    ]);
  });

  it('wants a postal code of exactly 5 digits', () => {
    expect(codes({ postalCode: '8300' })).toEqual(['POSTAL_CODE_INVALID:postalCode']);
    expect(codes({ postalCode: '83 000' })).toEqual(['POSTAL_CODE_INVALID:postalCode']);
  });

  it('takes the department among 04, 05, 06, 13, 83, 84, or reads it from the postal code when none is given', () => {
    expect(codes({ department: '75' })).toEqual(['DEPARTMENT_INVALID:department']);
    const derived = checkCourse({ ...valid, department: undefined, postalCode: '13100', city: 'Aix-en-Provence' }, centre);
    expect(derived.ok && derived.details.department).toBe('13');
  });

  it('wants at least 0,01 € from a centre, and allows a free course from an administrator', () => {
    expect(issues({ price: 0 })).toEqual([{ code: 'PRICE_TOO_LOW', field: 'price', minCents: 1 }]);
    expect(codes({ price: 0 }, { ...centre, minPriceCents: 0 })).toEqual([]);
    expect(issues({ price: -1 }, { ...centre, minPriceCents: 0 })).toEqual([{ code: 'PRICE_TOO_LOW', field: 'price', minCents: 0 }]);
  });

  it('takes 1 to 20 places (the law’s maximum), never fewer than those already booked', () => {
    expect(codes({ totalSpots: 0 })).toEqual(['TOTAL_SPOTS_TOO_LOW:totalSpots']);
    expect(issues({ totalSpots: 21 })).toEqual([{ code: 'TOTAL_SPOTS_TOO_HIGH', field: 'totalSpots', max: 20 }]);
    expect(issues({ totalSpots: 4 }, { ...centre, spotsTaken: 5 })).toEqual([{ code: 'TOTAL_SPOTS_BELOW_TAKEN', field: 'totalSpots', taken: 5 }]);
    expect(codes({ totalSpots: 5 }, { ...centre, spotsTaken: 5 })).toEqual([]);
  });

  it('refuses dates that are not ISO instants', () => {
    expect(codes({ startDate: '04/12/2026 08:00' })).toEqual(['COURSE_DATE_INVALID:startDate']);
  });

  it('ends after it starts, on the next day (two consecutive days)', () => {
    expect(codes({ endDate: '2026-12-04T06:00:00.000Z' })).toEqual(['COURSE_END_BEFORE_START:endDate']);
    // 08:00 → 16:00 the same day: the spec's "start + 8 hours" is one day of the two.
    expect(codes({ endDate: '2026-12-04T15:00:00.000Z' })).toEqual(['COURSE_NOT_TWO_CONSECUTIVE_DAYS:endDate']);
    // Friday to Monday: four days, a Sunday among them.
    expect(codes({ endDate: '2026-12-07T16:00:00.000Z' })).toEqual(['COURSE_NOT_TWO_CONSECUTIVE_DAYS:endDate', 'COURSE_ON_SUNDAY:endDate']);
  });

  it('never runs on a Sunday', () => {
    expect(issues({ startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' })).toEqual([{ code: 'COURSE_ON_SUNDAY', field: 'endDate', day: '2026-12-06' }]);
  });

  it('never runs on a public holiday', () => {
    // Thursday 24 and Friday 25 December 2026: Christmas.
    expect(issues({ startDate: '2026-12-24T07:00:00.000Z', endDate: '2026-12-25T16:00:00.000Z' })).toEqual([{ code: 'COURSE_ON_PUBLIC_HOLIDAY', field: 'endDate', day: '2026-12-25', holiday: { fr: 'Noël', en: 'Christmas Day' } }]);
  });

  it('runs in the daytime, in Paris time', () => {
    // 06:00 in Paris.
    expect(codes({ startDate: '2026-12-04T05:00:00.000Z' })).toEqual(['COURSE_AT_NIGHT:startDate']);
    // 20:30 in Paris.
    expect(codes({ endDate: '2026-12-05T19:30:00.000Z' })).toEqual(['COURSE_AT_NIGHT:endDate']);
  });

  it('is declared at least 10 calendar days before it starts (Paris days)', () => {
    // Tuesday 1 December: 10 days after Saturday 21 November → allowed.
    expect(codes({ startDate: '2026-12-01T07:00:00.000Z', endDate: '2026-12-02T16:00:00.000Z' })).toEqual([]);
    // Monday 30 November: 9 days.
    expect(issues({ startDate: '2026-11-30T07:00:00.000Z', endDate: '2026-12-01T16:00:00.000Z' })).toEqual([
      { code: 'COURSE_DECLARED_TOO_LATE', field: 'startDate', minDays: 10, earliestDay: '2026-12-01' },
    ]);
  });

  it('leaves an unchanged schedule alone when a course is edited: the law judged it when it was declared', () => {
    const published = { startDate: '2026-11-24T07:00:00.000Z', endDate: '2026-11-25T16:00:00.000Z' };
    expect(codes({ ...published, price: 19_000 }, { ...centre, published })).toEqual([]);
    expect(codes({ ...published, startDate: '2026-11-24T08:00:00.000Z' }, { ...centre, published })).toContain('COURSE_DECLARED_TOO_LATE:startDate');
  });
});
