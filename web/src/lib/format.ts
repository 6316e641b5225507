import { PARIS, parisMinutesOfDay } from '@recup/shared-events/calendar/paris';
import { localeOf, type Language } from './language';

/** Courses take place in France: their hours are shown as the centre announces them, whatever the visitor's zone. */
export const COURSE_TIME_ZONE = PARIS;

/** Money is integer euro cents end to end; only the screen divides by 100. */
export function formatMoney(cents: number, language: Language, currency = 'EUR'): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const longDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: COURSE_TIME_ZONE };
/** A course's day always names its weekday: a learner must see at a glance that a course runs Friday–Saturday. */
const courseDay: Intl.DateTimeFormatOptions = { weekday: 'long', ...longDate };

/**
 * Weekday, day, full month name, year: "samedi 12 avril 2025" / "Saturday, April 12, 2025"; without the weekday
 * ("12 avril 2025") for a date that is no day of a course (when a document was last updated).
 */
export function formatLongDate(iso: string, language: Language, options: { weekday?: boolean } = {}): string {
  return new Intl.DateTimeFormat(localeOf(language), options.weekday === false ? longDate : courseDay).format(new Date(iso));
}

/**
 * "samedi 12 – dimanche 13 avril 2025" / "Saturday, April 12 – Sunday, April 13, 2025"; "12 – 13 avril 2025" without
 * the weekdays where every character counts (the 160 characters a search engine shows of a page's description).
 */
export function formatDateRange(startIso: string, endIso: string, language: Language, options: { weekday?: boolean } = {}): string {
  // Node's ICU sets the dash between thin spaces, the browsers' between plain ones: one way, so that a page written on
  // the server reads the same once the browser takes it over.
  return new Intl.DateTimeFormat(localeOf(language), options.weekday === false ? longDate : courseDay).formatRange(new Date(startIso), new Date(endIso)).replace(/\u2009/g, ' ');
}

/**
 * A course's day where room is short (a table's cell, a selector's option), its weekday still named:
 * "mer. 16/12/2026" / "Wed, 12/16/2026".
 */
export function formatCourseDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: COURSE_TIME_ZONE,
  }).format(new Date(iso));
}

/** Short numeric date: DD/MM/YYYY in French, MM/DD/YYYY in English (a day that is no course's: a booking's, an invoice's). */
export function formatShortDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: COURSE_TIME_ZONE,
  }).format(new Date(iso));
}

/** "8h00" in French, "8:00 AM" in English. */
export function formatTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (language === 'fr') {
    const minutes = parisMinutesOfDay(date);
    return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
  }
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: COURSE_TIME_ZONE }).format(date);
}

/** A calendar day as the API expects it (YYYY-MM-DD), from a date picked in the visitor's own calendar. */
export function toIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The reverse of `toIsoDay`: midnight of that day in the visitor's own calendar. */
export function fromIsoDay(day: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
