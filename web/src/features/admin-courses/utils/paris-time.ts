/** Courses are held in France: a time typed in the form is a Paris wall-clock time. */
const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function parisWallClock(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
}

/** `2026-12-10T08:00` (Paris) → `2026-12-10T07:00:00.000Z`; null when the text is no date and time. */
export function parisLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const asUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  // The offset at the guessed instant, corrected once across a change of offset.
  let instant = asUtc - (parisWallClock(asUtc) - asUtc);
  instant = asUtc - (parisWallClock(instant) - instant);
  return new Date(instant).toISOString();
}

/** The reverse, for the form's fields. */
export function isoToParisLocal(iso: string): string {
  return new Date(parisWallClock(Date.parse(iso))).toISOString().slice(0, 16);
}

/** A two-day course: from the start, the end proposed the next day, nine hours later in the day (08:00 → 17:00). */
export function proposedEnd(startLocal: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(startLocal);
  if (!match) return '';
  // Counted on the wall clock, so that a change to summer time does not move it.
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1, Number(match[4]) + 9, Number(match[5]))).toISOString().slice(0, 16);
}
