import { startsWithinWithdrawalPeriod, withdrawalPeriodEnd } from './withdrawal';

/**
 * What a learner may still do with a booking, as dates the convocation and the e-mails print: until when it moves
 * free of charge to another date, and until when its cancellation is refunded.
 */

/** Until when a booking moves free of charge: the move's own rule (`move-rules`), printed as it is enforced. */
export { DEFAULT_TRANSFER_CUTOFF_DAYS, freeMoveDeadline } from './move-rules';

/**
 * The last moment the learner's own cancellation is refunded in full (`learnerCancellationRefunded`): the refund
 * cut-off before the start, or the end of the withdrawal period when that comes later and the right applies.
 */
export function learnerRefundDeadline(input: { bookedAt: string | Date; courseStartDate: string; refundCutoffHours: number }): Date {
  const cutoff = Date.parse(input.courseStartDate) - input.refundCutoffHours * 3_600_000;
  if (startsWithinWithdrawalPeriod(input.bookedAt, input.courseStartDate)) return new Date(cutoff);
  // The period ends at midnight (exclusive): its last moment is the one before.
  return new Date(Math.max(cutoff, withdrawalPeriodEnd(input.bookedAt).getTime() - 1));
}
