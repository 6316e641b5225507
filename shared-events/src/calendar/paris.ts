/**
 * The platform's courses take place in Provence: "today", weekdays and the times typed in the forms are those of
 * Europe/Paris, whatever the server's or the browser's own time zone. The time-zone arithmetic is @date-fns/tz's
 * (`TZDate` reads and builds instants on the Paris wall clock, summer time included): this is the one module that
 * turns instants into Paris days and times and back.
 */
import { TZDate } from '@date-fns/tz';

export const PARIS = 'Europe/Paris';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
/** A Paris wall-clock time as a `datetime-local` field holds it. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant, read on the Paris wall clock. */
const inParis = (date: Date) => new TZDate(date.getTime(), PARIS);

/** The instant of a Paris wall-clock time (minutes past midnight may run past the day, as `Date` allows). */
function parisInstant(year: number, month: number, day: number, minutes: number): Date {
  return new Date(new TZDate(year, month - 1, day, 0, minutes, PARIS).getTime());
}

function dayParts(day: string): [number, number, number] {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return [Number(y), Number(m), Number(d)];
}

/**
 * Answers already worked out: reading the Paris wall clock costs a formatting by Intl (about 8 µs), and a booking
 * asks for the same few days many times. Paris has been a whole number of hours from UTC since 1911 (CET, CEST; local
 * mean time before), so every instant of one UTC hour since then is on the same Paris day. Forgotten all at once
 * when full.
 */
const WHOLE_HOURS_SINCE = Date.UTC(1912, 0, 1);
const KEPT_ANSWERS = 10_000;
const dayOfUtcHour = new Map<number, string>();
/** Paris minutes past midnight when a UTC hour begins (a whole hour: the minutes into it are the same on both clocks). */
const minutesAtUtcHour = new Map<number, number>();
const wallClockInstant = new Map<string, number>();
const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  if (map.size >= KEPT_ANSWERS) map.clear();
  map.set(key, value);
  return value;
};

/** The instant a Paris calendar day begins, for a `YYYY-MM-DD` day. */
export function parisDayStart(day: string): Date {
  return parisTime(day, 0);
}

/** Minutes since midnight on the Paris wall clock at this instant (08:00 is 480). */
export function parisMinutesOfDay(date: Date): number {
  const time = date.getTime();
  const hour = Math.floor(time / 3_600_000);
  const kept = minutesAtUtcHour.get(hour);
  if (kept !== undefined) return kept + Math.floor((time - hour * 3_600_000) / 60_000);
  const paris = inParis(date);
  const minutes = paris.getHours() * 60 + paris.getMinutes();
  if (time >= WHOLE_HOURS_SINCE) remember(minutesAtUtcHour, hour, minutes - paris.getMinutes());
  return minutes;
}

/** The instant of a Paris wall-clock time on a `YYYY-MM-DD` day (`minutes` since midnight). */
export function parisTime(day: string, minutes: number): Date {
  const key = `${day}|${minutes}`;
  const kept = wallClockInstant.get(key);
  if (kept !== undefined) return new Date(kept);
  const [y, m, d] = dayParts(day);
  const instant = parisInstant(y, m, d, minutes);
  const time = instant.getTime();
  return time >= WHOLE_HOURS_SINCE ? new Date(remember(wallClockInstant, key, time)) : instant;
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
export function parisDay(date: Date): string {
  const time = date.getTime();
  const hour = Math.floor(time / 3_600_000);
  const kept = dayOfUtcHour.get(hour);
  if (kept !== undefined) return kept;
  const paris = inParis(date);
  const day = `${pad(paris.getFullYear(), 4)}-${pad(paris.getMonth() + 1)}-${pad(paris.getDate())}`;
  return time >= WHOLE_HOURS_SINCE ? remember(dayOfUtcHour, hour, day) : day;
}

export function startOfParisToday(now: Date): Date {
  return parisDayStart(parisDay(now));
}

/** The next Paris calendar day, `YYYY-MM-DD`. */
export function nextParisDay(day: string): string {
  const [y, m, d] = dayParts(day);
  return parisDay(parisInstant(y, m, d + 1, 0));
}

/** 0 = Sunday ... 6 = Saturday, in Paris. */
export function parisWeekday(date: Date): number {
  return inParis(date).getDay();
}

/** A Paris wall-clock `YYYY-MM-DDTHH:mm` (a form's `datetime-local`) as an ISO instant: `2026-12-10T08:00` → `2026-12-10T07:00:00.000Z`; null when the text is no date and time. */
export function parisLocalToIso(local: string): string | null {
  const match = WALL_CLOCK.exec(local.trim());
  if (!match) return null;
  const [, y, m, d, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const instant = parisInstant(y, m, d, hours * 60 + minutes);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An instant as the Paris wall clock reads it, `YYYY-MM-DDTHH:mm` (for a `datetime-local` field). */
export function isoToParisLocal(iso: string): string {
  const date = new Date(iso);
  const minutes = parisMinutesOfDay(date);
  return `${parisDay(date)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** An instant as Paris reads it, to the second and with its offset (ISO 8601): `2026-11-21T10:00:00+01:00`. */
export function parisIsoString(date: Date): string {
  return inParis(date).toISOString().replace(/\.\d{3}(?=[+-])/, '');
}
