/** The platform's courses take place in Provence: "today" and weekdays are those of Europe/Paris. */
export const PARIS = 'Europe/Paris';

const partsFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function parisParts(date: Date) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day),
    hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second),
    weekday: parts.weekday as string,
  };
}

/** Minutes that Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(date: Date): number {
  const p = parisParts(date);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a Paris calendar day begins, for a `YYYY-MM-DD` day. */
export function parisDayStart(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d));
  const first = new Date(guess.getTime() - parisOffsetMinutes(guess) * 60_000);
  // Across a change of offset the first guess can be an hour out; correct with the offset at that instant.
  return new Date(guess.getTime() - parisOffsetMinutes(first) * 60_000);
}

/** Minutes since midnight on the Paris wall clock at this instant (08:00 is 480). */
export function parisMinutesOfDay(date: Date): number {
  const p = parisParts(date);
  return p.hour * 60 + p.minute;
}

/** The instant of a Paris wall-clock time on a `YYYY-MM-DD` day (`minutes` since midnight). */
export function parisTime(day: string, minutes: number): Date {
  const start = parisDayStart(day);
  const guess = new Date(start.getTime() + minutes * 60_000);
  // A change of offset that day (last Sunday of March or October, 03:00 or 02:00) moves later times by an hour.
  return new Date(guess.getTime() - (parisOffsetMinutes(guess) - parisOffsetMinutes(start)) * 60_000);
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
export function parisDay(date: Date): string {
  const p = parisParts(date);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function startOfParisToday(now: Date): Date {
  return parisDayStart(parisDay(now));
}

/** The next Paris calendar day, `YYYY-MM-DD`. */
export function nextParisDay(day: string): string {
  return parisDay(new Date(parisDayStart(day).getTime() + 36 * 3600_000));
}

/** 0 = Sunday ... 6 = Saturday, in Paris. */
export function parisWeekday(date: Date): number {
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parisParts(date).weekday);
}
