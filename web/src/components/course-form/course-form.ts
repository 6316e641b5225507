import type { CreateCourseRequest } from '@recup/command-api/contracts/courses';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { addDays } from '@recup/shared-events/calendar/calendar-day';
import { isoToParisLocal, parisDayStart, parisLocalToIso } from '@recup/shared-events/calendar/paris';
import type { PostalCommune } from '@recup/shared-events/courses/course-place';
import { COURSE_LAW, checkCourse, departmentOfPostalCode, type CourseIssue } from '@recup/shared-events/courses/course-rules';
import { DEPARTMENT_NAMES } from '@recup/shared-events/primitives';
import { formatLongDate } from '../../lib/format';
import type { Language } from '../../lib/language';

/** Who fills the form in: a centre for itself, or an administrator for a centre they choose (spec 001 §5). */
export type CourseFormAuthor = 'centre' | 'admin';

/** The course fields of a request, as the zod contract types them (the command API checks them with `checkCourse` too). */
export type CourseRequest = Omit<CreateCourseRequest, 'organizationId' | 'spotsLeft' | 'status'>;

/**
 * What the course form holds while it is typed: text, price in euros, dates as Paris wall-clock `YYYY-MM-DDTHH:mm`;
 * `organizationId` on the administrator's form only.
 */
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
  organizationId: string;
}

export type CourseFormField = keyof CourseFormValues;

/** Spec 001 §9: a new course is at 250 € with 20 places. */
export const NEW_COURSE: CourseFormValues = {
  title: '', titleEn: '', description: '', descriptionEn: '', address: '', city: '', postalCode: '', department: '',
  startDate: '', endDate: '', price: '250', totalSpots: '20', antsNumber: '', organizationId: '',
};

/** Spec 001 §9: the single-course form sends this when the description is left empty. */
const DEFAULT_DESCRIPTION = { fr: 'Stage de sensibilisation à la sécurité routière', en: 'Road safety awareness course' };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the Paris wall clock reads it, for a `datetime-local` field ('' for none). */
export function toParisInput(iso: string): string {
  return iso ? isoToParisLocal(iso) : '';
}

/** A Paris wall-clock `YYYY-MM-DDTHH:mm` as an ISO instant; '' when empty, 'invalid' (the rules say so) when it is no date. */
export function fromParisInput(value: string): string {
  return value.trim() === '' ? '' : (parisLocalToIso(value) ?? 'invalid');
}

/**
 * The end proposed for a start: the next day, on the same schedule (08:00 → the next day at 17:00). Spec
 * 001's "start + 8 hours" describes one day of a two-day course (ARCHITECTURE.md).
 */
export function proposedEnd(start: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(start);
  if (!match) return '';
  // Never past the law's 20:00 (COURSE_AT_NIGHT).
  const minutes = Math.min(Number(match[2]) * 60 + Number(match[3]) + 9 * 60, COURSE_LAW.latestMinutes);
  return `${addDays(match[1]!, 1)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function valuesOf(course: OrganizationCourseDto): CourseFormValues {
  return {
    title: course.title, titleEn: course.titleEn === course.title ? '' : course.titleEn, description: course.description,
    descriptionEn: course.descriptionEn === course.description ? '' : course.descriptionEn, address: course.address, city: course.city,
    postalCode: course.postalCode, department: course.department, startDate: toParisInput(course.startDate), endDate: toParisInput(course.endDate),
    price: (course.price / 100).toFixed(2).replace(/\.00$/, ''), totalSpots: String(course.totalSpots), antsNumber: course.antsNumber ?? '',
    organizationId: '',
  };
}

/** Euros as typed (a comma or a point) in cents, rounded; NaN when it is no number. */
export function centsOf(euros: string): number {
  const text = euros.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d*)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** What the form sends: price in cents, dates as instants, blanks as null, the default description when none. */
export function requestOf(values: CourseFormValues, withDefaultDescription = true): CourseRequest {
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

/** The form's message for a broken rule, in the UI's language (namespace `courseForm`). */
function issueMessage(issue: CourseIssue, t: (key: string, options?: Record<string, unknown>) => string, language: Language): string {
  const day = (value: string, weekday = true) => formatLongDate(parisDayStart(value).toISOString(), language, { weekday });
  switch (issue.code) {
    case 'COURSE_FIELD_REQUIRED':
      return t(`errors.required.${issue.field}`);
    case 'PRICE_TOO_LOW':
      // The administrator's form takes a free course (spec 001 §5: "price at least 0").
      return t(issue.minCents === 0 ? 'errors.PRICE_NEGATIVE' : 'errors.PRICE_TOO_LOW');
    case 'TOTAL_SPOTS_TOO_HIGH':
      return t('errors.TOTAL_SPOTS_TOO_HIGH', { max: issue.max });
    case 'TOTAL_SPOTS_BELOW_TAKEN':
      return t('errors.TOTAL_SPOTS_BELOW_TAKEN', { taken: issue.taken });
    case 'COURSE_ON_SUNDAY':
      // The message already says it is a Sunday.
      return t('errors.COURSE_ON_SUNDAY', { day: day(issue.day, false) });
    case 'COURSE_ON_PUBLIC_HOLIDAY':
      return t('errors.COURSE_ON_PUBLIC_HOLIDAY', { day: day(issue.day), holiday: issue.holiday[language] });
    case 'COURSE_DECLARED_TOO_LATE':
      return t('errors.COURSE_DECLARED_TOO_LATE', { minDays: issue.minDays, day: day(issue.earliestDay) });
    case 'POSTAL_CODE_NOT_IN_DEPARTMENT': {
      const name = DEPARTMENT_NAMES[issue.department as keyof typeof DEPARTMENT_NAMES];
      return t('errors.POSTAL_CODE_NOT_IN_DEPARTMENT', { postalCode: issue.postalCode, department: name ? `${issue.department} (${name})` : issue.department });
    }
    case 'CITY_NOT_AT_POSTAL_CODE': {
      const shown = issue.communes.slice(0, 5).join(', ');
      const communes = issue.communes.length > 5 ? t('errors.andMore', { list: shown, count: issue.communes.length - 5 }) : shown;
      return t('errors.CITY_NOT_AT_POSTAL_CODE', { postalCode: issue.postalCode, communes });
    }
    default:
      return t(`errors.${issue.code}`);
  }
}

/**
 * The form's own check, by the domain's rules (`checkCourse`, which the server runs too): the first message of each
 * field. `spotsTaken` and `published` when editing a course; `communes`, those of the postal code typed, once known.
 * The administrator's form (spec 001 §5) takes a price of 0, and asks for the description and the centre besides.
 */
export function validateCourse(
  values: CourseFormValues,
  context: { now: Date; spotsTaken?: number; published?: { startDate: string; endDate: string }; communes?: readonly PostalCommune[] | null; author?: CourseFormAuthor },
  t: (key: string, options?: Record<string, unknown>) => string,
  language: Language,
): CourseFormErrors {
  const admin = context.author === 'admin';
  const request = requestOf(values, !admin);
  const check = checkCourse(request, { now: context.now, minPriceCents: admin ? 0 : 1, spotsTaken: context.spotsTaken, published: context.published, communes: context.communes });
  const errors: CourseFormErrors = {};
  if (admin && !values.description.trim()) errors.description = t('errors.required.description');
  if (admin && !values.organizationId) errors.organizationId = t('errors.required.organizationId');
  if (check.ok) return errors;
  for (const issue of check.issues) {
    const field = issue.field as CourseFormField;
    // A price left out on the administrator's form: theirs may be 0.
    const adminPrice = admin && issue.code === 'COURSE_FIELD_REQUIRED' && issue.field === 'price';
    errors[field] ??= adminPrice ? t('errors.PRICE_NEGATIVE') : issueMessage(issue, t, language);
  }
  return errors;
}

/** The department a typed postal code gives, when the form has none yet (the centre may still choose another). */
export function proposedDepartment(values: CourseFormValues, postalCode: string): string {
  return values.department || (departmentOfPostalCode(postalCode.trim()) ?? '');
}
