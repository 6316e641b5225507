import type { UpdateCourseRequest } from '@recup/command-api/contracts/courses';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { parisDayStart, parisTime } from '@recup/shared-events/calendar/paris';
import { addDays } from '@recup/shared-events/calendar/calendar-day';
import type { PostalCommune } from '@recup/shared-events/courses/course-place';
import { checkCourse, type CourseIssue } from '@recup/shared-events/courses/course-rules';
import { DEPARTMENT_NAMES } from '@recup/shared-events/primitives';
import { formatLongDate } from '../../../lib/format';
import type { Language } from '../../../lib/language';

/** What the course form holds while it is typed: text, price in euros, dates as Paris wall-clock `YYYY-MM-DDTHH:mm`. */
export interface CourseFormValues {
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  address: string;
  city: string;
  postalCode: string;
  department: string;
  startDate: string;
  endDate: string;
  price: string;
  totalSpots: string;
  antsNumber: string;
}

export type CourseFormField = keyof CourseFormValues;

/** Spec 001 §9: a new course is at 250 € with 20 places. */
export const NEW_COURSE: CourseFormValues = {
  title: '', titleEn: '', description: '', descriptionEn: '', address: '', city: '', postalCode: '', department: '',
  startDate: '', endDate: '', price: '250', totalSpots: '20', antsNumber: '',
};

/** Spec 001 §9: the single-course form sends this when the description is left empty. */
export const DEFAULT_DESCRIPTION = { fr: 'Stage de sensibilisation à la sécurité routière', en: 'Road safety awareness course' };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the Paris wall clock reads it, for a `datetime-local` field. */
export function toParisInput(iso: string): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A Paris wall-clock `YYYY-MM-DDTHH:mm` as an ISO instant; '' when it is not one. */
export function fromParisInput(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return value.trim() === '' ? '' : 'invalid';
  return parisTime(match[1]!, Number(match[2]) * 60 + Number(match[3])).toISOString();
}

/**
 * The end proposed for a start: the next day, on the same schedule (08:00 → the next day at 17:00). Spec
 * 001's "start + 8 hours" describes one day of a two-day course (ARCHITECTURE.md).
 */
export function proposedEnd(start: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(start);
  if (!match) return '';
  const minutes = Math.min(Number(match[2]) * 60 + Number(match[3]) + 9 * 60, 20 * 60);
  return `${addDays(match[1]!, 1)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function valuesOf(course: OrganizationCourseDto): CourseFormValues {
  return {
    title: course.title, titleEn: course.titleEn === course.title ? '' : course.titleEn, description: course.description,
    descriptionEn: course.descriptionEn === course.description ? '' : course.descriptionEn, address: course.address, city: course.city,
    postalCode: course.postalCode, department: course.department, startDate: toParisInput(course.startDate), endDate: toParisInput(course.endDate),
    price: (course.price / 100).toFixed(2).replace(/\.00$/, ''), totalSpots: String(course.totalSpots), antsNumber: course.antsNumber ?? '',
  };
}

/** Euros as typed (a comma or a point) in cents, rounded; NaN when it is no number. */
export function centsOf(euros: string): number {
  const text = euros.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d*)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** What the form sends: price in cents, dates as instants, blanks as null, the default description when none. */
export function requestOf(values: CourseFormValues, withDefaultDescription = true): UpdateCourseRequest {
  const text = (value: string) => value.trim();
  const orNull = (value: string) => value.trim() || null;
  const spots = values.totalSpots.trim() === '' ? Number.NaN : Number(values.totalSpots);
  const price = centsOf(values.price);
  return {
    title: text(values.title),
    titleEn: orNull(values.titleEn),
    description: text(values.description) || (withDefaultDescription ? DEFAULT_DESCRIPTION.fr : ''),
    descriptionEn: orNull(values.descriptionEn) ?? (withDefaultDescription && !text(values.description) ? DEFAULT_DESCRIPTION.en : null),
    address: text(values.address),
    city: text(values.city),
    postalCode: text(values.postalCode),
    department: orNull(values.department),
    startDate: fromParisInput(values.startDate),
    endDate: fromParisInput(values.endDate),
    price: Number.isNaN(price) ? null : price,
    totalSpots: Number.isInteger(spots) ? spots : null,
    antsNumber: orNull(values.antsNumber),
  };
}

export type CourseFormErrors = Partial<Record<CourseFormField, string>>;

/** The form's message for a broken rule, in the UI's language (namespace `organization`). */
export function issueMessage(issue: CourseIssue, t: (key: string, options?: Record<string, unknown>) => string, language: Language): string {
  const day = (value: string, weekday = true) => formatLongDate(parisDayStart(value).toISOString(), language, { weekday });
  switch (issue.code) {
    case 'COURSE_FIELD_REQUIRED':
      return t(`courses.form.errors.required.${issue.field}`);
    case 'TOTAL_SPOTS_TOO_HIGH':
      return t('courses.form.errors.TOTAL_SPOTS_TOO_HIGH', { max: issue.max });
    case 'TOTAL_SPOTS_BELOW_TAKEN':
      return t('courses.form.errors.TOTAL_SPOTS_BELOW_TAKEN', { taken: issue.taken });
    case 'COURSE_ON_SUNDAY':
      // The message already says it is a Sunday.
      return t('courses.form.errors.COURSE_ON_SUNDAY', { day: day(issue.day, false) });
    case 'COURSE_ON_PUBLIC_HOLIDAY':
      return t('courses.form.errors.COURSE_ON_PUBLIC_HOLIDAY', { day: day(issue.day), holiday: issue.holiday[language] });
    case 'COURSE_DECLARED_TOO_LATE':
      return t('courses.form.errors.COURSE_DECLARED_TOO_LATE', { minDays: issue.minDays, day: day(issue.earliestDay) });
    case 'POSTAL_CODE_NOT_IN_DEPARTMENT': {
      const name = DEPARTMENT_NAMES[issue.department as keyof typeof DEPARTMENT_NAMES];
      return t('courses.form.errors.POSTAL_CODE_NOT_IN_DEPARTMENT', { postalCode: issue.postalCode, department: name ? `${issue.department} (${name})` : issue.department });
    }
    case 'CITY_NOT_AT_POSTAL_CODE': {
      const shown = issue.communes.slice(0, 5).join(', ');
      const communes = issue.communes.length > 5 ? t('courses.form.errors.andMore', { list: shown, count: issue.communes.length - 5 }) : shown;
      return t('courses.form.errors.CITY_NOT_AT_POSTAL_CODE', { postalCode: issue.postalCode, communes });
    }
    default:
      return t(`courses.form.errors.${issue.code}`);
  }
}

/**
 * The form's own check, by the domain's rules (the server checks the same): the first message of each field.
 * `spotsTaken` and `published` when editing a course; `communes`, those of the postal code typed, once known.
 */
export function validateCourse(
  values: CourseFormValues,
  context: { now: Date; spotsTaken?: number; published?: { startDate: string; endDate: string }; communes?: readonly PostalCommune[] | null },
  t: (key: string, options?: Record<string, unknown>) => string,
  language: Language,
): CourseFormErrors {
  const request = requestOf(values);
  const check = checkCourse(request, { now: context.now, minPriceCents: 1, spotsTaken: context.spotsTaken, published: context.published, communes: context.communes });
  const errors: CourseFormErrors = {};
  if (check.ok) return errors;
  for (const issue of check.issues) {
    const field = issue.field as CourseFormField;
    errors[field] ??= issueMessage(issue, t, language);
  }
  return errors;
}
