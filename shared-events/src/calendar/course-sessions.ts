import { courseDays } from './course-days';
import type { CalendarDay } from './calendar-day';
import { parisMinutesOfDay, parisTime } from './paris';

/** The lunch break the product announces on every course day (DOMAIN.md: 08:00–12:00 and 13:00–17:00). */
export const LUNCH_START_MINUTES = 12 * 60;
export const LUNCH_END_MINUTES = 13 * 60;

/** One half-day: its start and end instants (ISO). */
export interface HalfDay {
  start: string;
  end: string;
}

/** One day of a course on the Paris wall clock: when it starts and ends, and its half-days around lunch. */
export interface CourseSession {
  day: CalendarDay;
  start: string;
  end: string;
  /** Morning and afternoon; a single block when the day does not span the lunch break. */
  halfDays: HalfDay[];
}

/**
 * The days of a course as the course page shows them ("{{start}} – 12h00 et 13h00 – {{end}}"): each day starts
 * at the time of the course's start and ends at the time of its end (Paris), with the lunch break between.
 * Derived from the course's start and end only, so every document (convocation, calendar, e-mails) says the same.
 */
export function courseSessions(startDate: string, endDate: string): CourseSession[] {
  const startMinutes = parisMinutesOfDay(new Date(startDate));
  const endMinutes = parisMinutesOfDay(new Date(endDate));
  return courseDays(startDate, endDate).map((day) => {
    const at = (minutes: number) => parisTime(day, minutes).toISOString();
    const spansLunch = startMinutes < LUNCH_START_MINUTES && endMinutes > LUNCH_END_MINUTES;
    return {
      day,
      start: at(startMinutes),
      end: at(endMinutes),
      halfDays: spansLunch
        ? [{ start: at(startMinutes), end: at(LUNCH_START_MINUTES) }, { start: at(LUNCH_END_MINUTES), end: at(endMinutes) }]
        : [{ start: at(startMinutes), end: at(endMinutes) }],
    };
  });
}
