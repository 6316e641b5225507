import { addDays, parisCalendarDay, type CalendarDay } from '../calendar/calendar-day';
import { parisTime } from '../calendar/paris';

/**
 * The prefecture's pack (issue 20 §3, DOMAIN.md "After the course"): within 15 calendar days of a course's end, the
 * centre sends the prefecture every attestation, the signed attendance sheet and each learner's ID. Pure: the course
 * decider, the reminder keeper, the dashboards and the admin's list of late packs all count through these rules.
 */

/** Calendar days after the course's last day (Paris) within which the pack is sent. */
export const PACK_DAYS_AFTER_END = 15;
/** The centre is reminded on these days after the course's last day (Paris), at 09:00, unless the pack was sent. */
export const PACK_REMINDER_DAYS = [10, 15] as const;
export type PackReminderDay = (typeof PACK_REMINDER_DAYS)[number];
const REMINDER_MINUTES = 9 * 60;

/** The last day (Paris) on which the pack is on time: the course's last day + 15 calendar days. */
export function packDeadline(endDate: string): CalendarDay {
  return addDays(parisCalendarDay(new Date(endDate)), PACK_DAYS_AFTER_END);
}

/** Whether the pack is due at all yet: once the course has ended. */
export function packDue(endDate: string, now: Date): boolean {
  return Date.parse(endDate) <= now.getTime();
}

/** Calendar days (Paris) from today to the deadline: 15 the day the course ends, 0 on the last day, negative once late. */
export function packDaysLeft(endDate: string, now: Date): number {
  const today = Date.parse(`${parisCalendarDay(now)}T00:00:00.000Z`);
  const deadline = Date.parse(`${packDeadline(endDate)}T00:00:00.000Z`);
  return Math.round((deadline - today) / 86_400_000);
}

/** Late: the deadline's day (Paris) is over and the pack was not marked sent. */
export function packLate(endDate: string, now: Date): boolean {
  return packDaysLeft(endDate, now) < 0;
}

/** When a reminder falls due: 09:00 Paris, `day` calendar days after the course's last day. */
export function packReminderDueAt(endDate: string, day: PackReminderDay): Date {
  return parisTime(addDays(parisCalendarDay(new Date(endDate)), day), REMINDER_MINUTES);
}

/**
 * Whether a reminder is to be sent now: from its time until the next reminder's (the last one: until the deadline's
 * day is over). One whose time has passed (a replay of old courses, a platform down for days) is not sent late.
 */
export function packReminderStillDue(endDate: string, day: PackReminderDay, now: Date): boolean {
  const dueAt = packReminderDueAt(endDate, day).getTime();
  const next = PACK_REMINDER_DAYS.find((d) => d > day);
  const until = next === undefined ? parisTime(addDays(packDeadline(endDate), 1), 0).getTime() : packReminderDueAt(endDate, next).getTime();
  return dueAt <= now.getTime() && now.getTime() < until;
}

/** Where a course's pack stands: not due before the end, then awaited (late once the deadline's day is over), or sent. */
export type PackStatus = 'NOT_DUE' | 'AWAITED' | 'LATE' | 'SENT';
export function packStatus(course: { endDate: string; cancelled?: boolean }, sentAt: string | null, now: Date): PackStatus | null {
  if (course.cancelled) return null;
  if (sentAt) return 'SENT';
  if (!packDue(course.endDate, now)) return 'NOT_DUE';
  return packLate(course.endDate, now) ? 'LATE' : 'AWAITED';
}
