import { addDays, parisCalendarDay, type CalendarDay } from '../calendar/calendar-day';
import { parisDayStart } from '../calendar/paris';
import type { MovedBy } from '../events/booking-events';

/**
 * Moving a booking to another date (issue 19 §4), the rules both sides apply: the command side decides with
 * them, the query side previews them (the dashboard's "Change date", the move dialog's money line).
 */

/** A learner moves (free of charge) until this many days before the first day of the course booked (TRANSFER_CUTOFF_DAYS): like the best of the trade, 7. */
export const DEFAULT_TRANSFER_CUTOFF_DAYS = 7;

/**
 * The last day (Paris calendar) on which a learner may move a booking of a course starting at `courseStartDate`:
 * "up to 7 days before" the first day, that day included. A centre or an administrator has no such limit.
 */
export function lastDayToMove(courseStartDate: string, cutoffDays: number): CalendarDay {
  return addDays(parisCalendarDay(new Date(courseStartDate)), -cutoffDays);
}

/**
 * The last moment a learner moves a booking of a course starting at `courseStartDate` free of charge: the end of the
 * Paris day `lastDayToMove` (23:59:59.999 on the Paris wall clock), and never once the course has started (a cut-off
 * of 0 days). The one rule: the move's decider enforces it (`learnerMayMove`), the convocation, the e-mails and the
 * dashboard print it.
 */
export function freeMoveDeadline(courseStartDate: string, cutoffDays: number): Date {
  const endOfLastDay = parisDayStart(addDays(lastDayToMove(courseStartDate, cutoffDays), 1)).getTime() - 1;
  return new Date(Math.min(endOfLastDay, Date.parse(courseStartDate) - 1));
}

/** Whether a learner may still move, at `now`, a booking of a course starting at `courseStartDate`. */
export function learnerMayMove(courseStartDate: string, now: Date, cutoffDays: number): boolean {
  return now.getTime() <= freeMoveDeadline(courseStartDate, cutoffDays).getTime();
}

/**
 * What the booking costs after the move. A learner takes the new course at its price. A centre or an
 * administrator who moves a learner never makes them pay more than they agreed to: to a dearer course the
 * booking keeps its price, to a cheaper one it takes the lower price.
 */
export function priceAfterMove(by: MovedBy, priceBefore: number, coursePrice: number): number {
  return by === 'learner' ? coursePrice : Math.min(priceBefore, coursePrice);
}

/** What happens to the money: nothing, the difference refunded, or the difference to pay by card before the move completes. */
type MoveMoney = { kind: 'none' } | { kind: 'refund'; amount: number } | { kind: 'pay'; amount: number };

/**
 * Money moves only for a booking paid online (the platform holds its money): the same price moves nothing, a
 * cheaper course refunds the difference, a dearer one is paid first. A booking to be paid at the centre (or
 * paid there) moves with no money at all: what it costs now is what the centre asks.
 */
export function moveMoney(input: { paidOnline: boolean; priceBefore: number; priceAfter: number }): MoveMoney {
  const { paidOnline, priceBefore, priceAfter } = input;
  if (!paidOnline || priceAfter === priceBefore) return { kind: 'none' };
  return priceAfter < priceBefore ? { kind: 'refund', amount: priceBefore - priceAfter } : { kind: 'pay', amount: priceAfter - priceBefore };
}

/**
 * How a refund of `amount` is taken from the payments a booking keeps (latest first: the differences paid for
 * earlier moves go back before the booking's own payment), each up to what it still holds.
 */
export function refundShares(amount: number, payments: ReadonlyArray<{ paymentId: string; remaining: number }>): Array<{ paymentId: string; amount: number }> {
  const shares: Array<{ paymentId: string; amount: number }> = [];
  let left = amount;
  for (const payment of [...payments].reverse()) {
    if (left <= 0) break;
    const share = Math.min(left, Math.max(0, payment.remaining));
    if (share > 0) shares.push({ paymentId: payment.paymentId, amount: share });
    left -= share;
  }
  return shares;
}
