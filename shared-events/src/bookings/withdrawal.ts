import { addDays, parisCalendarDay } from '../calendar/calendar-day';
import { parisDayStart } from '../calendar/paris';

/**
 * The right of withdrawal of a distance purchase (French consumer code, art. L221-18): 14 days from the
 * booking, without giving a reason, refunded in full. It does not apply to a course that starts within those
 * 14 days at the learner's express request (the checkout asks for it; art. L221-28): its cancellation follows
 * the cut-off rule alone. Days are Paris calendar days: the period ends when the 14th day after the booking's
 * day ends.
 */
const WITHDRAWAL_DAYS = 14;

/** When the withdrawal period of a booking made at `bookedAt` ends (exclusive): midnight, Paris, after its 14th day. */
export function withdrawalPeriodEnd(bookedAt: string | Date): Date {
  return parisDayStart(addDays(parisCalendarDay(new Date(bookedAt)), WITHDRAWAL_DAYS + 1));
}

/** A course that starts before the withdrawal period of a booking made at `bookedAt` ends: the learner must ask for that start. */
export function startsWithinWithdrawalPeriod(bookedAt: string | Date, courseStartDate: string): boolean {
  return Date.parse(courseStartDate) < withdrawalPeriodEnd(bookedAt).getTime();
}

/**
 * Whether the learner's own cancellation at `now` is refunded: within the withdrawal period of a booking to
 * which that right applies, or at least the cut-off before the course starts.
 */
export function learnerCancellationRefunded(input: { bookedAt: string | Date; courseStartDate: string; now: Date; refundCutoffHours: number }): boolean {
  const { bookedAt, courseStartDate, now, refundCutoffHours } = input;
  if (Date.parse(courseStartDate) - now.getTime() >= refundCutoffHours * 3_600_000) return true;
  return !startsWithinWithdrawalPeriod(bookedAt, courseStartDate) && now.getTime() < withdrawalPeriodEnd(bookedAt).getTime();
}
