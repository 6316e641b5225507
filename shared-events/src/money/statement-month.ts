import { parisDay, parisDayStart } from '../calendar/paris';

/**
 * Which month a payment or a refund belongs to: the month of its Paris calendar day (a payment at 23:30 UTC on
 * 31 January is a February payment in Paris). `YYYY-MM`.
 */
export function parisMonthOf(instant: string | Date): string {
  return parisDay(typeof instant === 'string' ? new Date(instant) : instant).slice(0, 7);
}

/** The month after `month` (`YYYY-MM`). */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The instant a Paris month begins (its first day, 00:00 in Paris). */
export function parisMonthStart(month: string): Date {
  return parisDayStart(`${month}-01`);
}

/** A month is over once its last Paris day has ended: only then is its statement final, and may it be paid. */
export function isMonthOver(month: string, now: Date): boolean {
  return now.getTime() >= parisMonthStart(nextMonth(month)).getTime();
}

/**
 * The platform's commission on a month's net online takings (payments − refunds, integer cents) at `percent`
 * (up to two decimals): `net × percent / 100` rounded to the nearest cent, a half cent away from zero. On a
 * negative net (refunds of earlier months' sales) the commission is given back likewise, negative.
 */
export function commissionOf(netCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  const magnitude = Math.floor((Math.abs(netCents) * basisPoints + 5_000) / 10_000);
  return netCents < 0 && magnitude > 0 ? -magnitude : magnitude;
}
