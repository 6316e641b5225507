import { addDays, parisCalendarDay } from '../calendar/calendar-day';
import { parisTime } from '../calendar/paris';

/**
 * When a learner hears from us between the booking and the course, and after it. Pure: the reminder keeper
 * schedules each course's reminders with these, and the booking decider sends each booking's with the same rules.
 */

/** REMINDER_DAYS' default: a week before the first day, and the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];
/** The longest REMINDER_DAYS may reach: a reminder is about a course the learner booked, not next season's. */
export const MAX_REMINDER_DAYS = 60;
/** Reminders leave at 09:00, Paris, on their day. */
const REMINDER_MINUTES_OF_DAY = 9 * 60;
/** The confirmation e-mail says it all: a reminder due within this time of it is not sent. */
const REMINDER_MIN_NOTICE_MS = 12 * 3_600_000;
/** The message after the course leaves at 10:00, Paris, the day after its last day. */
const FOLLOW_UP_MINUTES_OF_DAY = 10 * 60;
/** Past this after its time (the platform was stopped for long), the message after the course is no news any more. */
export const FOLLOW_UP_LATEST_MS = 7 * 86_400_000;

/** When the reminder `daysBefore` days before the course's first day (Paris calendar) falls due. */
export function reminderDueAt(courseStartDate: string, daysBefore: number): Date {
  return parisTime(addDays(parisCalendarDay(new Date(courseStartDate)), -daysBefore), REMINDER_MINUTES_OF_DAY);
}

/**
 * Why a reminder due `daysBefore` days before the course is not sent at `now` to a booking confirmed at
 * `confirmedAt`, or null when it is: it is not due yet; the course has started; a later reminder is due too (after a
 * stop of the platform, only the latest one goes out); or the booking was confirmed too little before it (the
 * confirmation e-mail said it all: a booking confirmed 3 days before gets the day-before reminder only).
 */
export function reminderRefusal(input: { daysBefore: number; reminderDays: readonly number[]; courseStartDate: string; confirmedAt: string | null; now: Date }): 'NOT_DUE' | 'COURSE_STARTED' | 'OVERTAKEN' | 'JUST_CONFIRMED' | null {
  const { daysBefore, reminderDays, courseStartDate, confirmedAt, now } = input;
  const due = reminderDueAt(courseStartDate, daysBefore).getTime();
  if (now.getTime() >= Date.parse(courseStartDate)) return 'COURSE_STARTED';
  if (now.getTime() < due) return 'NOT_DUE';
  if (confirmedAt !== null && due < Date.parse(confirmedAt) + REMINDER_MIN_NOTICE_MS) return 'JUST_CONFIRMED';
  const overtaken = reminderDays.some((days) => days < daysBefore && reminderDueAt(courseStartDate, days).getTime() <= now.getTime());
  return overtaken ? 'OVERTAKEN' : null;
}

/** When the message after the course falls due: the day after its last day (Paris), at 10:00. */
export function followUpDueAt(courseEndDate: string): Date {
  return parisTime(addDays(parisCalendarDay(new Date(courseEndDate)), 1), FOLLOW_UP_MINUTES_OF_DAY);
}

/** Why the message after the course is not sent at `now`, or null when it is. */
export function followUpRefusal(courseEndDate: string, now: Date): 'NOT_DUE' | 'TOO_LATE' | null {
  const due = followUpDueAt(courseEndDate).getTime();
  if (now.getTime() < due) return 'NOT_DUE';
  return now.getTime() > due + FOLLOW_UP_LATEST_MS ? 'TOO_LATE' : null;
}
