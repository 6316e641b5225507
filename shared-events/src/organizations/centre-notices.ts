/**
 * The life of a centre's approval and what the centre is told (issue 20 §5 and §7). Pure: the command side
 * decides with these, the reactors schedule with them, the query side lists with them and the web shows them.
 */
import { addDays, addYears, parisCalendarDay } from '../calendar/calendar-day';
import { parisDay, parisTime } from '../calendar/paris';

/** A prefect's approval is granted for 5 years. */
export const APPROVAL_YEARS = 5;
/** The administrators see the approvals that end within this many days (and those already ended). */
export const APPROVAL_EXPIRING_WITHIN_DAYS = 90;
/** The centre is told this many days before its approval ends. */
export const APPROVAL_NOTICE_DAYS_BEFORE = 60;
/** A course below this many participants cannot be held (DOMAIN.md: 6 to 20 trainees). */
export const LOW_ENROLMENT_MINIMUM = 6;
/** The centre is told this many days before a course's first day that it is below the minimum. */
export const LOW_ENROLMENT_NOTICE_DAYS_BEFORE = 10;
/** The centre's notices leave at 09:00, Paris. */
export const CENTRE_NOTICE_MINUTES_OF_DAY = 9 * 60;

/** Which e-mails the centre receives at its address; each can be turned off in its profile. */
export interface CentreNotifications {
  newBooking: boolean;
  cancellationOrMove: boolean;
  lowEnrolment: boolean;
  packDue: boolean;
}
export const DEFAULT_CENTRE_NOTIFICATIONS: Readonly<CentreNotifications> = { newBooking: true, cancellationOrMove: true, lowEnrolment: true, packDue: true };

/** The last day of an approval granted on `grantedOn`: 5 years, date to date, less a day (granted 2024-03-15 → 2029-03-14). */
export function defaultApprovalExpiry(grantedOn: string): string {
  return addDays(addYears(grantedOn, APPROVAL_YEARS), -1);
}

export type ApprovalDatesIssue = { code: 'APPROVAL_EXPIRY_BEFORE_GRANT'; field: 'approvalExpiresOn' } | { code: 'APPROVAL_EXPIRY_WITHOUT_GRANT'; field: 'approvalGrantedOn' };

/**
 * The dates an administrator enters: the grant, and its end (left out: 5 years less a day after the grant).
 * No grant, no dates. An end before its grant is refused.
 */
export function approvalDates(input: { approvalGrantedOn: string | null; approvalExpiresOn?: string | null }):
  | { ok: true; approvalGrantedOn: string | null; approvalExpiresOn: string | null }
  | { ok: false; issue: ApprovalDatesIssue } {
  const { approvalGrantedOn } = input;
  const entered = input.approvalExpiresOn ?? null;
  if (approvalGrantedOn === null) {
    if (entered !== null) return { ok: false, issue: { code: 'APPROVAL_EXPIRY_WITHOUT_GRANT', field: 'approvalGrantedOn' } };
    return { ok: true, approvalGrantedOn: null, approvalExpiresOn: null };
  }
  const approvalExpiresOn = entered ?? defaultApprovalExpiry(approvalGrantedOn);
  if (approvalExpiresOn < approvalGrantedOn) return { ok: false, issue: { code: 'APPROVAL_EXPIRY_BEFORE_GRANT', field: 'approvalExpiresOn' } };
  return { ok: true, approvalGrantedOn, approvalExpiresOn };
}

/** Whether an approval ending on `expiresOn` (its last day, Paris) has ended at `now`. No date recorded: not known to have ended. */
export function approvalExpired(expiresOn: string | null, now: Date): boolean {
  return expiresOn !== null && parisDay(now) > expiresOn;
}

/** Whether the administrators list it: it ends within 90 days of `now`, or has ended. */
export function approvalExpiringSoon(expiresOn: string | null, now: Date, withinDays = APPROVAL_EXPIRING_WITHIN_DAYS): boolean {
  return expiresOn !== null && expiresOn <= addDays(parisDay(now), withinDays);
}

/** Days from `now` (Paris day) to the approval's last day: 0 on its last day, negative once ended. */
export function daysUntilApprovalEnds(expiresOn: string, now: Date): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${parisDay(now)}T00:00:00Z`)) / 86_400_000);
}

/** When the centre is told its approval is about to end: 60 days before its last day, 09:00 Paris. */
export function approvalNoticeDueAt(expiresOn: string): Date {
  return parisTime(addDays(expiresOn, -APPROVAL_NOTICE_DAYS_BEFORE), CENTRE_NOTICE_MINUTES_OF_DAY);
}

/** Why the approval notice is not sent at `now`, or null when it is: not due yet, or the approval has already ended. */
export function approvalNoticeRefusal(expiresOn: string, now: Date): 'NOT_DUE' | 'ALREADY_ENDED' | null {
  if (approvalExpired(expiresOn, now)) return 'ALREADY_ENDED';
  return now.getTime() < approvalNoticeDueAt(expiresOn).getTime() ? 'NOT_DUE' : null;
}

/** When the centre is told a course is short of participants: 10 days before its first day (Paris), 09:00. */
export function lowEnrolmentNoticeDueAt(courseStartDate: string): Date {
  return parisTime(addDays(parisCalendarDay(new Date(courseStartDate)), -LOW_ENROLMENT_NOTICE_DAYS_BEFORE), CENTRE_NOTICE_MINUTES_OF_DAY);
}

/** Why the low-enrolment notice is not sent at `now` for a course with `participants` confirmed, or null when it is. */
export function lowEnrolmentRefusal(input: { courseStartDate: string; participants: number; now: Date }): 'NOT_DUE' | 'COURSE_STARTED' | 'ENOUGH_PARTICIPANTS' | null {
  const { courseStartDate, participants, now } = input;
  if (now.getTime() >= Date.parse(courseStartDate)) return 'COURSE_STARTED';
  if (now.getTime() < lowEnrolmentNoticeDueAt(courseStartDate).getTime()) return 'NOT_DUE';
  return participants >= LOW_ENROLMENT_MINIMUM ? 'ENOUGH_PARTICIPANTS' : null;
}
