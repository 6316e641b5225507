import { addDays, daysBetween, parisCalendarDay, weekdayOf, type CalendarDay } from './calendar-day';
import { frenchPublicHolidayOn, type PublicHoliday } from './french-public-holidays';

const SUNDAY = 0;
const SATURDAY = 6;

/** Why a course may not run on a day (DOMAIN.md: never on a Sunday or a public holiday), or null when it may. */
export type ClosedDay = { day: CalendarDay; reason: 'SUNDAY' } | { day: CalendarDay; reason: 'PUBLIC_HOLIDAY'; holiday: PublicHoliday };

export function closedDayReason(date: Date | CalendarDay): ClosedDay | null {
  const day = parisCalendarDay(date);
  if (weekdayOf(day) === SUNDAY) return { day, reason: 'SUNDAY' };
  const holiday = frenchPublicHolidayOn(day);
  return holiday ? { day, reason: 'PUBLIC_HOLIDAY', holiday } : null;
}

/** A day a course may run on, in Paris: neither a Sunday nor a French public holiday. */
export function isLegalCourseDay(date: Date | CalendarDay): boolean {
  return closedDayReason(date) === null;
}

/** The Paris calendar days a course covers, from its start to its end instant. */
export function courseDays(startDate: string | Date, endDate: string | Date): CalendarDay[] {
  return daysBetween(new Date(startDate), new Date(endDate));
}

export type ScheduleProblem = { rule: 'TWO_CONSECUTIVE_DAYS'; days: number } | { rule: 'CLOSED_DAY'; closed: ClosedDay };

/**
 * What keeps a schedule from being a legal course (DOMAIN.md): two consecutive days, neither of them a Sunday
 * nor a public holiday. Empty when it is one.
 */
export function courseScheduleProblems(startDate: string | Date, endDate: string | Date): ScheduleProblem[] {
  const days = courseDays(startDate, endDate);
  const problems: ScheduleProblem[] = days.length === 2 ? [] : [{ rule: 'TWO_CONSECUTIVE_DAYS', days: days.length }];
  for (const day of days) {
    const closed = closedDayReason(day);
    if (closed) problems.push({ rule: 'CLOSED_DAY', closed });
  }
  return problems;
}

/** "Weekend only" keeps the courses with a Saturday among their days (ARCHITECTURE.md): no course runs on a Sunday. */
export function coversSaturday(startDate: string | Date, endDate: string | Date): boolean {
  return courseDays(startDate, endDate).some((day) => weekdayOf(day) === SATURDAY);
}

/** The first day on or after `from` that starts a legal two-day course (it and the next day both legal). */
export function nextLegalCourseStart(from: Date | CalendarDay): CalendarDay {
  let day = parisCalendarDay(from);
  while (!isLegalCourseDay(day) || !isLegalCourseDay(addDays(day, 1))) day = addDays(day, 1);
  return day;
}
