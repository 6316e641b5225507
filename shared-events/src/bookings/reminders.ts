import { addDays, parisCalendarDay } from '../calendar/calendar-day';
import { parisTime } from '../calendar/paris';

/**
 * When a learner hears from us between the booking and the course, and after it. Pure: the reminder keeper
 * schedules with these and the booking decider refuses, with the same rules, a reminder that came too late.
 */

/** REMINDER_DAYS' default: a week before the first day, and the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];
/** The longest REMINDER_DAYS may reach: a reminder is about a course the learner booked, not next season's. */
export const MAX_REMINDER_DAYS = 60;
/** Reminders leave at 09:00, Paris, on their day. */
export const REMINDER_MINUTES_OF_DAY = 9 * 60;
/** The confirmation e-mail says it all: a reminder due within this time of it is not sent. */
export const REMINDER_MIN_NOTICE_MS = 12 * 3_600_000;
/** The message after the course leaves at 10:00, Paris, the day after its last day. */
export const FOLLOW_UP_MINUTES_OF_DAY = 10 * 60;
/** Past this after its time (the platform was stopped for long), the message after the course is no news any more. */
export const FOLLOW_UP_LATEST_MS = 7 * 86_400_000;

/** When the reminder `daysBefore` days before the course's first day (Paris calendar) falls due. */
export function reminderDueAt(courseStartDate: string, daysBefore: number): Date {
  return parisTime(addDays(parisCalendarDay(new Date(courseStartDate)), -daysBefore), REMINDER_MINUTES_OF_DAY);
}

/**
 * The reminders worth scheduling for a booking confirmed at `confirmedAt`: those still ahead, far enough from the
 * confirmation e-mail, and before the course starts. A booking confirmed 3 days before gets the day-before one only.
 */
export function remindersToSchedule(reminderDays: readonly number[], courseStartDate: string, confirmedAt: string | Date): number[] {
  const earliest = new Date(confirmedAt).getTime() + REMINDER_MIN_NOTICE_MS;
  const start = Date.parse(courseStartDate);
  return [...new Set(reminderDays)]
    .filter((days) => {
      const due = reminderDueAt(courseStartDate, days).getTime();
      return due >= earliest && due < start;
    })
    .sort((a, b) => b - a);
}

/**
 * Why a reminder due `daysBefore` days before the course is not sent at `now`, or null when it is: the course has
 * started, or a later reminder is due too (after a stop of the platform, only the latest one goes out), or it is
 * not due yet.
 */
export function reminderRefusal(input: { daysBefore: number; reminderDays: readonly number[]; courseStartDate: string; now: Date }): 'NOT_DUE' | 'COURSE_STARTED' | 'OVERTAKEN' | null {
  const { daysBefore, reminderDays, courseStartDate, now } = input;
  if (now.getTime() >= Date.parse(courseStartDate)) return 'COURSE_STARTED';
  if (now.getTime() < reminderDueAt(courseStartDate, daysBefore).getTime()) return 'NOT_DUE';
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
