/**
 * Calendar days as `YYYY-MM-DD` strings, in Europe/Paris: the courses take place in Provence, so "which day"
 * is always asked of a Paris wall clock (`./paris`), whatever the server's own time zone. Pure.
 */
import { PARIS, parisDay } from './paris';

export type CalendarDay = string;

export const COURSE_TIME_ZONE = PARIS;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(day: CalendarDay): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function fromUtc(date: Date): CalendarDay {
  return date.toISOString().slice(0, 10);
}

/** The Paris calendar day of an instant; a `YYYY-MM-DD` day is returned as it is. */
export function parisCalendarDay(date: Date | CalendarDay): CalendarDay {
  if (typeof date === 'string') {
    partsOf(date);
    return date;
  }
  return parisDay(date);
}

/** The day `count` days after (before, when negative). */
export function addDays(day: CalendarDay, count: number): CalendarDay {
  const [year, month, date] = partsOf(day);
  return fromUtc(new Date(Date.UTC(year, month - 1, date + count)));
}

/**
 * The same day `count` years later, "date à date"; a 29 February becomes the 28th in a year without one.
 */
export function addYears(day: CalendarDay, count: number): CalendarDay {
  const [year, month, date] = partsOf(day);
  const lastOfMonth = new Date(Date.UTC(year + count, month, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(year + count, month - 1, Math.min(date, lastOfMonth))));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: CalendarDay): number {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** Every Paris calendar day from the first instant's to the second's, both included. */
export function daysBetween(start: Date | CalendarDay, end: Date | CalendarDay): CalendarDay[] {
  const last = parisCalendarDay(end);
  const days: CalendarDay[] = [];
  // A course lasts days, not years: the bound only stops a mistaken range from running away.
  for (let day = parisCalendarDay(start); day <= last && days.length < 366; day = addDays(day, 1)) days.push(day);
  return days;
}
