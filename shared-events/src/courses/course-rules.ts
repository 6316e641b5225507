/**
 * The rules a course must follow to be published or changed: the form's rules (spec 001 §5) and the law's
 * (DOMAIN.md: 1 to 20 places — 6 to hold it —, two consecutive days, never a Sunday or a public holiday,
 * never at night, declared at least 10 calendar days ahead). Pure: the command side enforces them, the web
 * checks a form with them before sending it; both name each broken rule by the same code.
 */
import { addDays, parisCalendarDay } from '../calendar/calendar-day';
import { courseScheduleProblems } from '../calendar/course-days';
import { parisMinutesOfDay } from '../calendar/paris';
import type { CourseDetails } from '../events/course-events';
import { Department } from '../primitives';
import { departmentOfPlace, placeIssues, type PlaceIssue, type PostalCommune } from './course-place';

export const COURSE_LAW = {
  /** A group holds at most 20 trainees. */
  maxParticipants: 20,
  /** Below 6 trainees a course cannot be held: centres cancel or move it. */
  minParticipants: 6,
  /** A course is declared at least this many calendar days before it starts. */
  declarationDays: 10,
  /** Courses run in the day: no half-day starts before 07:00 or ends after 20:00 (Paris). */
  earliestMinutes: 7 * 60,
  latestMinutes: 20 * 60,
} as const;

/** What a centre may type in the course form, before it is checked. */
export interface CourseInput {
  title?: string | null;
  titleEn?: string | null;
  description?: string | null;
  descriptionEn?: string | null;
  address?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** The admin form names no department: it is then read from the postal code. */
  department?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  /** Integer cents. */
  price?: number | null;
  totalSpots?: number | null;
  antsNumber?: string | null;
}

export type CourseField = 'title' | 'address' | 'city' | 'postalCode' | 'department' | 'startDate' | 'endDate' | 'price' | 'totalSpots';
type DateField = 'startDate' | 'endDate';

export type CourseIssue =
  | { code: 'COURSE_FIELD_REQUIRED'; field: 'title' | 'address' | 'city' | 'department' | DateField | 'price' | 'totalSpots' }
  | { code: 'POSTAL_CODE_INVALID'; field: 'postalCode' }
  | { code: 'DEPARTMENT_INVALID'; field: 'department' }
  | { code: 'COURSE_DATE_INVALID'; field: DateField }
  | { code: 'PRICE_TOO_LOW'; field: 'price'; minCents: number }
  | { code: 'TOTAL_SPOTS_TOO_LOW'; field: 'totalSpots' }
  | { code: 'TOTAL_SPOTS_TOO_HIGH'; field: 'totalSpots'; max: number }
  | { code: 'TOTAL_SPOTS_BELOW_TAKEN'; field: 'totalSpots'; taken: number }
  | { code: 'COURSE_END_BEFORE_START'; field: 'endDate' }
  | { code: 'COURSE_NOT_TWO_CONSECUTIVE_DAYS'; field: 'endDate' }
  | { code: 'COURSE_ON_SUNDAY'; field: DateField; day: string }
  | { code: 'COURSE_ON_PUBLIC_HOLIDAY'; field: DateField; day: string; holiday: { fr: string; en: string } }
  | { code: 'COURSE_AT_NIGHT'; field: DateField }
  | { code: 'COURSE_DECLARED_TOO_LATE'; field: 'startDate'; minDays: number; earliestDay: string }
  | PlaceIssue;

export type CourseIssueCode = CourseIssue['code'];

export interface CourseRuleContext {
  now: Date;
  /** 1 cent on the centre's form ("at least 0,01 €"), 0 on the administrator's. */
  minPriceCents: number;
  /** Places already booked, when changing a course: the total may not go below them. */
  spotsTaken?: number;
  /**
   * The schedule already published, when changing a course: the law's schedule rules apply to a new
   * schedule, not to one that was legal when declared (a course 5 days away may still change its price).
   */
  published?: { startDate: string; endDate: string };
  /**
   * The communes the typed postal code serves (every department), when the caller could look them up: the
   * postal code must then serve a commune of the department, and the city be one of them. Left out (the web
   * before they arrive), the place is not checked against them.
   */
  communes?: readonly PostalCommune[] | null;
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
const orNull = (value: string | null | undefined) => text(value) || null;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(value: string | null | undefined): Date | null | 'invalid' {
  const raw = text(value);
  if (!raw) return null;
  if (!ISO_INSTANT.test(raw)) return 'invalid';
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** The department a postal code of the six departments belongs to, when it is one of them. */
export function departmentOfPostalCode(postalCode: string): Department | null {
  const parsed = Department.safeParse(postalCode.slice(0, 2));
  return /^\d{5}$/.test(postalCode) && parsed.success ? parsed.data : null;
}

function scheduleIssues(start: Date, end: Date, context: CourseRuleContext): CourseIssue[] {
  if (end.getTime() <= start.getTime()) return [{ code: 'COURSE_END_BEFORE_START', field: 'endDate' }];
  const issues: CourseIssue[] = [];
  const startDay = parisCalendarDay(start);
  // The French calendar's own rule (shared-events/calendar): two consecutive days, neither a Sunday nor a public holiday.
  for (const problem of courseScheduleProblems(start, end)) {
    if (problem.rule === 'TWO_CONSECUTIVE_DAYS') {
      issues.push({ code: 'COURSE_NOT_TWO_CONSECUTIVE_DAYS', field: 'endDate' });
      continue;
    }
    const { closed } = problem;
    const field = closed.day === startDay ? 'startDate' : 'endDate';
    if (closed.reason === 'SUNDAY') issues.push({ code: 'COURSE_ON_SUNDAY', field, day: closed.day });
    else issues.push({ code: 'COURSE_ON_PUBLIC_HOLIDAY', field, day: closed.day, holiday: closed.holiday.name });
  }
  for (const [field, date] of [['startDate', start], ['endDate', end]] as const) {
    const minutes = parisMinutesOfDay(date);
    if (minutes < COURSE_LAW.earliestMinutes || minutes > COURSE_LAW.latestMinutes) issues.push({ code: 'COURSE_AT_NIGHT', field });
  }
  const earliestDay = addDays(parisCalendarDay(context.now), COURSE_LAW.declarationDays);
  if (startDay < earliestDay) issues.push({ code: 'COURSE_DECLARED_TOO_LATE', field: 'startDate', minDays: COURSE_LAW.declarationDays, earliestDay });
  return issues;
}

export type CourseCheck = { ok: true; details: CourseDetails } | { ok: false; issues: CourseIssue[] };

/** Every rule `input` breaks, in the form's order; or the course's details, trimmed, when it breaks none. */
export function checkCourse(input: CourseInput, context: CourseRuleContext): CourseCheck {
  const issues: CourseIssue[] = [];
  const title = text(input.title);
  const address = text(input.address);
  const city = text(input.city);
  const postalCode = text(input.postalCode);
  if (!title) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'title' });
  if (!address) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'address' });
  if (!city) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'city' });
  if (!/^\d{5}$/.test(postalCode)) issues.push({ code: 'POSTAL_CODE_INVALID', field: 'postalCode' });

  const typedDepartment = text(input.department);
  const department = typedDepartment ? Department.safeParse(typedDepartment) : null;
  // Without a department typed, the commune the city names at that postal code says it, else the postal code.
  const named = !department && context.communes ? Department.safeParse(departmentOfPlace(city, context.communes)) : null;
  const derived = named?.success ? named.data : departmentOfPostalCode(postalCode);
  if (department && !department.success) issues.push({ code: 'DEPARTMENT_INVALID', field: 'department' });
  else if (!department && !derived && /^\d{5}$/.test(postalCode)) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'department' });
  const placeDepartment = department?.success ? department.data : department ? null : derived;
  if (context.communes && placeDepartment && /^\d{5}$/.test(postalCode)) issues.push(...placeIssues({ city, postalCode, department: placeDepartment }, context.communes));

  const start = instant(input.startDate);
  const end = instant(input.endDate);
  if (start === null) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'startDate' });
  else if (start === 'invalid') issues.push({ code: 'COURSE_DATE_INVALID', field: 'startDate' });
  if (end === null) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'endDate' });
  else if (end === 'invalid') issues.push({ code: 'COURSE_DATE_INVALID', field: 'endDate' });

  const price = input.price;
  if (price === null || price === undefined || Number.isNaN(price)) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'price' });
  else if (price < context.minPriceCents) issues.push({ code: 'PRICE_TOO_LOW', field: 'price', minCents: context.minPriceCents });

  const spots = input.totalSpots;
  if (spots === null || spots === undefined || Number.isNaN(spots)) issues.push({ code: 'COURSE_FIELD_REQUIRED', field: 'totalSpots' });
  else if (spots < 1) issues.push({ code: 'TOTAL_SPOTS_TOO_LOW', field: 'totalSpots' });
  else if (spots > COURSE_LAW.maxParticipants) issues.push({ code: 'TOTAL_SPOTS_TOO_HIGH', field: 'totalSpots', max: COURSE_LAW.maxParticipants });
  else if (context.spotsTaken !== undefined && spots < context.spotsTaken) issues.push({ code: 'TOTAL_SPOTS_BELOW_TAKEN', field: 'totalSpots', taken: context.spotsTaken });

  if (start instanceof Date && end instanceof Date) {
    const published = context.published;
    const unchanged = published && Date.parse(published.startDate) === start.getTime() && Date.parse(published.endDate) === end.getTime();
    if (!unchanged) issues.push(...scheduleIssues(start, end, context));
  }

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    details: {
      title,
      titleEn: orNull(input.titleEn),
      description: text(input.description),
      descriptionEn: orNull(input.descriptionEn),
      address,
      city,
      postalCode,
      department: (department?.success ? department.data : derived)!,
      startDate: (start as Date).toISOString(),
      endDate: (end as Date).toISOString(),
      price: price!,
      totalSpots: spots!,
      antsNumber: orNull(input.antsNumber),
    },
  };
}
