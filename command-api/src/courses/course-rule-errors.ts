import type { CourseIssue } from '@recup/shared-events';
import { DomainError } from '../core/domain-error';

/**
 * The broken rules of a course form (spec 001 §5) and of the law (DOMAIN.md), one error each, named after
 * the rule. `field` names the form field; in a batch, `session` the 1-based session it belongs to.
 */
type Place = { field: string; session?: number };
const at = (place: Place) => ({ field: place.field, ...(place.session !== undefined && { session: place.session }) });

export class CourseFieldRequired extends DomainError {
  /** `rule` is the form field (title, city…) whatever the session: the message names it. */
  constructor(place: Place, rule: string) {
    super('COURSE_FIELD_REQUIRED', { ...at(place), rule });
  }
}
export class InvalidPostalCode extends DomainError {
  constructor(place: Place) {
    super('POSTAL_CODE_INVALID', at(place));
  }
}
export class InvalidDepartment extends DomainError {
  constructor(place: Place) {
    super('DEPARTMENT_INVALID', at(place));
  }
}
export class InvalidCourseDate extends DomainError {
  constructor(place: Place) {
    super('COURSE_DATE_INVALID', at(place));
  }
}
export class PriceTooLow extends DomainError {
  constructor(place: Place, minCents: number) {
    super('PRICE_TOO_LOW', { ...at(place), minCents });
  }
}
export class TooFewSpots extends DomainError {
  constructor(place: Place) {
    super('TOTAL_SPOTS_TOO_LOW', at(place));
  }
}
/** The law's maximum group: 20 trainees. */
export class TooManySpots extends DomainError {
  constructor(place: Place, max: number) {
    super('TOTAL_SPOTS_TOO_HIGH', { ...at(place), max });
  }
}
export class SpotsBelowTaken extends DomainError {
  constructor(place: Place, taken: number) {
    super('TOTAL_SPOTS_BELOW_TAKEN', { ...at(place), taken });
  }
}
export class CourseEndsBeforeStart extends DomainError {
  constructor(place: Place) {
    super('COURSE_END_BEFORE_START', at(place));
  }
}
export class CourseNotOnTwoConsecutiveDays extends DomainError {
  constructor(place: Place) {
    super('COURSE_NOT_TWO_CONSECUTIVE_DAYS', at(place));
  }
}
export class CourseOnSunday extends DomainError {
  constructor(place: Place, day: string) {
    super('COURSE_ON_SUNDAY', { ...at(place), day });
  }
}
export class CourseOnPublicHoliday extends DomainError {
  constructor(place: Place, day: string) {
    super('COURSE_ON_PUBLIC_HOLIDAY', { ...at(place), day });
  }
}
export class CourseAtNight extends DomainError {
  constructor(place: Place) {
    super('COURSE_AT_NIGHT', at(place));
  }
}
/** A course is declared to the prefecture at least 10 calendar days before it starts. */
export class CourseDeclaredTooLate extends DomainError {
  constructor(place: Place, minDays: number, earliestDay: string) {
    super('COURSE_DECLARED_TOO_LATE', { ...at(place), minDays, earliestDay });
  }
}
/** A postal code serves communes of its department: "75001" is no postal code of the Var. */
export class PostalCodeNotInDepartment extends DomainError {
  constructor(place: Place, postalCode: string, department: string) {
    super('POSTAL_CODE_NOT_IN_DEPARTMENT', { ...at(place), postalCode, department });
  }
}
/** The city is one of the communes its postal code serves: Toulon is not at 83300. */
export class CityNotAtPostalCode extends DomainError {
  constructor(place: Place, postalCode: string, communes: readonly string[]) {
    super('CITY_NOT_AT_POSTAL_CODE', { ...at(place), postalCode, communes: communes.join(', ') });
  }
}
/** Spec 001 §5: "Au moins une session doit être ajoutée". */
export class BatchWithoutSessions extends DomainError {
  constructor() {
    super('BATCH_WITHOUT_SESSIONS', { field: 'sessions' });
  }
}

/** The named error of one broken rule; `session` places it in a batch. */
export function courseRuleError(issue: CourseIssue, session?: number): DomainError {
  const place: Place = { field: session === undefined ? issue.field : `${session - 1}.${issue.field}`, session };
  switch (issue.code) {
    case 'COURSE_FIELD_REQUIRED':
      return new CourseFieldRequired(place, issue.field);
    case 'POSTAL_CODE_INVALID':
      return new InvalidPostalCode(place);
    case 'DEPARTMENT_INVALID':
      return new InvalidDepartment(place);
    case 'COURSE_DATE_INVALID':
      return new InvalidCourseDate(place);
    case 'PRICE_TOO_LOW':
      return new PriceTooLow(place, issue.minCents);
    case 'TOTAL_SPOTS_TOO_LOW':
      return new TooFewSpots(place);
    case 'TOTAL_SPOTS_TOO_HIGH':
      return new TooManySpots(place, issue.max);
    case 'TOTAL_SPOTS_BELOW_TAKEN':
      return new SpotsBelowTaken(place, issue.taken);
    case 'COURSE_END_BEFORE_START':
      return new CourseEndsBeforeStart(place);
    case 'COURSE_NOT_TWO_CONSECUTIVE_DAYS':
      return new CourseNotOnTwoConsecutiveDays(place);
    case 'COURSE_ON_SUNDAY':
      return new CourseOnSunday(place, issue.day);
    case 'COURSE_ON_PUBLIC_HOLIDAY':
      return new CourseOnPublicHoliday(place, issue.day);
    case 'COURSE_AT_NIGHT':
      return new CourseAtNight(place);
    case 'COURSE_DECLARED_TOO_LATE':
      return new CourseDeclaredTooLate(place, issue.minDays, issue.earliestDay);
    case 'POSTAL_CODE_NOT_IN_DEPARTMENT':
      return new PostalCodeNotInDepartment(place, issue.postalCode, issue.department);
    case 'CITY_NOT_AT_POSTAL_CODE':
      return new CityNotAtPostalCode(place, issue.postalCode, issue.communes);
    default: {
      const unknown: never = issue;
      throw new Error(`Unknown course issue ${JSON.stringify(unknown)}`);
    }
  }
}
