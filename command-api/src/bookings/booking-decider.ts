import { parisCalendarDay, type BookingEvent, type CentrePaymentMethod } from '@recup/shared-events';
import { followUpRefusal, reminderRefusal } from '@recup/shared-events/bookings/reminders';
import { learnerCancellationRefunded } from '@recup/shared-events/bookings/withdrawal';
import type { Decider } from '../core/decider';
import { evolveBooking, initialBookingState, reminderKey, type BookingState, type ExistingBooking } from './booking';
import {
  BookingAlreadyExists, BookingAlreadyPaid, BookingAlreadyPaidAtCentre, BookingHoldExpired, BookingHoldNotElapsed, BookingNotCancellable, BookingNotFound, BookingNotOnCourse, BookingNotPending, BookingPaymentSuperseded,
  CancellationTooLate, CentrePaymentBeforeBooking, CentrePaymentInFuture, CentrePaymentNeedsCentreConfirmation, CourseNotEnded, FollowUpNeedsHeldBooking, FollowUpOutOfTime, PaymentAttemptChanged,
  ReminderNeedsConfirmedBooking, ReminderOutOfTime,
} from './booking-errors';
import { SellerNotVerified } from '../courses/course-errors';

export type PlaceBooking = {
  type: 'PlaceBooking';
  bookingId: string;
  bookingReference: string;
  courseId: string;
  userId: string;
  price: number;
  holdMinutes: number;
  /** The learner asked that a course starting within the withdrawal period start then (recorded as proof). */
  earlyStartRequested?: boolean;
  now: Date;
};
/**
 * A new payment attempt becomes the booking's only one. `replaces` is the attempt the caller found current
 * (null for the first): another attempt started meanwhile makes this command fail, so two calls never open
 * two attempts for one booking. `sellerVerified`: whether the centre that runs the course is verified, as its
 * stream says now (only a verified centre sells).
 */
export type StartBookingPayment = { type: 'StartBookingPayment'; bookingId: string; paymentId: string; replaces: string | null; sellerVerified: boolean; now: Date };
export type ConfirmBookingByPayment = { type: 'ConfirmBookingByPayment'; bookingId: string; paymentId: string; now: Date };
export type ApproveBooking = { type: 'ApproveBooking'; bookingId: string; approvedBy: string; now: Date };
export type CancelBooking = {
  type: 'CancelBooking';
  bookingId: string;
  by: 'learner' | 'admin' | 'courseCancelled';
  cancelledBy: string | null;
  courseStartDate: string;
  refundCutoffHours: number;
  now: Date;
};
/** The payment `paymentId` is being refunded: the booking that kept it gives its seat back (ARCHITECTURE). */
export type CancelForRefund = { type: 'CancelForRefund'; bookingId: string; paymentId: string; cancelledBy: string | null; now: Date };
export type ExpireBooking = { type: 'ExpireBooking'; bookingId: string; now: Date };
export type DeleteBooking = { type: 'DeleteBooking'; bookingId: string; deletedBy: string; now: Date };
export type CompleteBooking = { type: 'CompleteBooking'; bookingId: string; courseEndDate: string; now: Date };
/** The centre says it received the money of a booking it confirmed unpaid: how, and on which day (YYYY-MM-DD, Paris). */
export type RecordCentrePayment = { type: 'RecordCentrePayment'; bookingId: string; method: CentrePaymentMethod; receivedOn: string; recordedBy: string; now: Date };
/**
 * Remind the learner of the course `daysBefore` days before it (one of `reminderDays`, REMINDER_DAYS), decided
 * against the course as it stands now (`courseId`, its start).
 */
export type SendReminder = { type: 'SendReminder'; bookingId: string; courseId: string; daysBefore: number; reminderDays: readonly number[]; courseStartDate: string; now: Date };
/** Tell the learner, the day after the course, when the points should be credited and where to check them. */
export type SendFollowUp = { type: 'SendFollowUp'; bookingId: string; courseId: string; courseEndDate: string; now: Date };
export type BookingCommand =
  | PlaceBooking | StartBookingPayment | ConfirmBookingByPayment | ApproveBooking | CancelBooking | CancelForRefund | ExpireBooking | DeleteBooking | CompleteBooking
  | RecordCentrePayment | SendReminder | SendFollowUp;

function existing(state: BookingState): ExistingBooking {
  if (state.status === 'absent') throw new BookingNotFound();
  return state;
}

/**
 * Money due back depends on money taken (ARCHITECTURE: "Where the specs give two readings"), whoever
 * confirmed the booking: a paid booking is refunded when the learner cancels it within the withdrawal period
 * (14 days, unless the course starts within them at the learner's request) or at least the cut-off before the
 * start, and always when an administrator or a cancelled course cancels it. A booking the centre approved
 * and nobody paid online has nothing to give back.
 */
export function refundDue(booking: Pick<ExistingBooking, 'paidBy' | 'placedAt'>, command: Pick<CancelBooking, 'by' | 'courseStartDate' | 'refundCutoffHours' | 'now'>): boolean {
  if (!booking.paidBy) return false;
  if (command.by !== 'learner') return true;
  return learnerCancellationRefunded({ bookedAt: booking.placedAt, courseStartDate: command.courseStartDate, now: command.now, refundCutoffHours: command.refundCutoffHours });
}

/**
 * Refunding a confirmed booking's payment cancels it (ARCHITECTURE, "Where the specs give two readings"): a
 * learner whose money went back must not keep the seat for free, stay on the attendance sheet nor count toward
 * the course's minimum. Only the payment the booking kept counts; a booking already over (cancelled, expired,
 * completed once the course ended) stays as it is.
 */
export function refundCancels(booking: Pick<ExistingBooking, 'status' | 'paidBy'>, paymentId: string): boolean {
  return booking.status === 'CONFIRMED' && booking.paidBy === paymentId;
}

function placeBooking(command: PlaceBooking, state: BookingState): BookingEvent[] {
  if (state.status !== 'absent') throw new BookingAlreadyExists();
  const { bookingId, bookingReference, courseId, userId, price, now } = command;
  const holdExpiresAt = new Date(now.getTime() + command.holdMinutes * 60_000).toISOString();
  return [{
    type: 'BookingPlaced',
    data: { bookingId, bookingReference, courseId, userId, price, currency: 'EUR', placedAt: now.toISOString(), holdExpiresAt, ...(command.earlyStartRequested ? { earlyStartRequested: true as const } : {}) },
  }];
}

/**
 * A PENDING booking may be paid while its spot is held, and while the centre that runs its course is verified:
 * a centre whose verification was withdrawn sells nothing more, not even through a booking made before (its
 * learner may cancel it; otherwise its hold runs out). Money a card already gave stays the booking's (see
 * `confirmByPayment`): this rule is about starting to pay.
 */
export function assertPayable(booking: ExistingBooking, now: Date, sellerVerified: boolean) {
  if (booking.status === 'EXPIRED') throw new BookingHoldExpired();
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  if (Date.parse(booking.holdExpiresAt) <= now.getTime()) throw new BookingHoldExpired();
  if (!sellerVerified) throw new SellerNotVerified('payment');
}

function startPayment(command: StartBookingPayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  assertPayable(booking, command.now, command.sellerVerified);
  if (booking.paymentId === command.paymentId) return [];
  if (booking.paymentId !== command.replaces) throw new PaymentAttemptChanged();
  return [{ type: 'BookingPaymentStarted', data: { bookingId: booking.bookingId, paymentId: command.paymentId } }];
}

/**
 * Money taken by the booking's current attempt while its spot is still held confirms it, even a moment past
 * the hold; on a booking the centre confirmed first, it makes the booking paid. Exactly one payment is kept
 * per booking: money taken by any other attempt, or after the booking ended, is refused (and refunded).
 */
function confirmByPayment(command: ConfirmBookingByPayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.paidBy === command.paymentId) return [];
  // Money the centre received already pays for it: an online payment landing after that goes back.
  if (booking.paidBy || booking.paidAtCentre || booking.paymentId !== command.paymentId) throw new BookingPaymentSuperseded();
  if (booking.status === 'CONFIRMED') return [{ type: 'BookingPaid', data: { bookingId: booking.bookingId, paymentId: command.paymentId, paidAt: command.now.toISOString() } }];
  if (booking.status === 'EXPIRED') throw new BookingHoldExpired();
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  return [{ type: 'BookingConfirmed', data: { bookingId: booking.bookingId, by: 'payment', paymentId: command.paymentId, confirmedAt: command.now.toISOString() } }];
}

function approve(command: ApproveBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'CONFIRMED') return [];
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  return [{ type: 'BookingConfirmed', data: { bookingId: booking.bookingId, by: 'centre', approvedBy: command.approvedBy, confirmedAt: command.now.toISOString() } }];
}

function cancel(command: CancelBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'CANCELLED') return [];
  if (command.by === 'courseCancelled') {
    // The centre's course is gone: a booking still waiting for its money goes too (it must not be paid
    // for a course that will not take place); one that holds no spot any more is left as it is.
    if (booking.status !== 'CONFIRMED' && booking.status !== 'PENDING') return [];
  } else if (command.by === 'learner' && booking.status === 'PENDING') {
    // A learner who no longer wants an unpaid booking gives its spot back at once, rather than waiting for the hold to run out.
  } else if (booking.status !== 'CONFIRMED') throw new BookingNotCancellable(booking.status);
  if (command.by === 'learner' && Date.parse(command.courseStartDate) <= command.now.getTime()) throw new CancellationTooLate();
  return [{
    type: 'BookingCancelled',
    data: { bookingId: booking.bookingId, by: command.by, cancelledBy: command.cancelledBy, refundDue: refundDue(booking, command), cancelledAt: command.now.toISOString() },
  }];
}

function cancelForRefund(command: CancelForRefund, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (!refundCancels(booking, command.paymentId)) return [];
  return [{
    type: 'BookingCancelled',
    data: { bookingId: booking.bookingId, by: 'admin', cancelledBy: command.cancelledBy, refundDue: true, cancelledAt: command.now.toISOString() },
  }];
}

function expire(command: ExpireBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'EXPIRED') return [];
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  if (Date.parse(booking.holdExpiresAt) > command.now.getTime()) throw new BookingHoldNotElapsed();
  return [{ type: 'BookingExpired', data: { bookingId: booking.bookingId, expiredAt: command.now.toISOString() } }];
}

function remove(command: DeleteBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'DELETED') return [];
  if (booking.status !== 'PENDING') throw new BookingNotPending(booking.status);
  return [{ type: 'BookingDeleted', data: { bookingId: booking.bookingId, deletedBy: command.deletedBy, deletedAt: command.now.toISOString() } }];
}

function complete(command: CompleteBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status === 'COMPLETED') return [];
  if (booking.status !== 'CONFIRMED') throw new BookingNotCancellable(booking.status);
  if (Date.parse(command.courseEndDate) > command.now.getTime()) throw new CourseNotEnded();
  return [{ type: 'BookingCompleted', data: { bookingId: booking.bookingId, completedAt: command.now.toISOString() } }];
}

/**
 * A booking the centre confirmed unpaid is "to be paid at the centre" until the centre records the money it
 * received (ARCHITECTURE.md); only then is it paid. Only such a booking, confirmed (or completed: the money is
 * often taken on the day), not paid online and not recorded yet; on a day neither before the booking nor after
 * today. Recording the same again changes nothing.
 */
function recordCentrePayment(command: RecordCentrePayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  const { method, receivedOn } = command;
  if (booking.paidAtCentre) {
    if (booking.paidAtCentre.method === method && booking.paidAtCentre.receivedOn === receivedOn) return [];
    throw new BookingAlreadyPaidAtCentre(booking.paidAtCentre.method, booking.paidAtCentre.receivedOn);
  }
  if (booking.paidBy) throw new BookingAlreadyPaid();
  if ((booking.status !== 'CONFIRMED' && booking.status !== 'COMPLETED') || booking.confirmedBy !== 'centre') throw new CentrePaymentNeedsCentreConfirmation(booking.status);
  if (receivedOn > parisCalendarDay(command.now)) throw new CentrePaymentInFuture();
  const bookedOn = parisCalendarDay(new Date(booking.placedAt));
  if (receivedOn < bookedOn) throw new CentrePaymentBeforeBooking(bookedOn);
  return [{
    type: 'BookingPaidAtCentre',
    data: { bookingId: booking.bookingId, method, receivedOn, amount: booking.price, recordedBy: command.recordedBy, recordedAt: command.now.toISOString() },
  }];
}

/**
 * A reminder goes out once per course and number of days: only to a CONFIRMED booking still on that course
 * (never one cancelled, moved or not confirmed), from its time until the course starts, not when a later
 * reminder is due as well (after a stop, the learner gets the latest only), nor to a booking confirmed less than
 * 12 hours before it.
 */
function sendReminder(command: SendReminder, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.remindersSent.includes(reminderKey(command.courseId, command.daysBefore))) return [];
  if (booking.status !== 'CONFIRMED') throw new ReminderNeedsConfirmedBooking(booking.status);
  if (booking.courseId !== command.courseId) throw new BookingNotOnCourse();
  const refusal = reminderRefusal({ daysBefore: command.daysBefore, reminderDays: command.reminderDays, courseStartDate: command.courseStartDate, confirmedAt: booking.confirmedAt, now: command.now });
  if (refusal) throw new ReminderOutOfTime(refusal);
  return [{ type: 'BookingReminderSent', data: { bookingId: booking.bookingId, courseId: command.courseId, daysBefore: command.daysBefore, sentAt: command.now.toISOString() } }];
}

/** The message after the course goes out once, to a booking whose course took place with it, within a week of the day after. */
function sendFollowUp(command: SendFollowUp, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.followUpsSent.includes(command.courseId)) return [];
  if (booking.status !== 'CONFIRMED' && booking.status !== 'COMPLETED') throw new FollowUpNeedsHeldBooking(booking.status);
  if (booking.courseId !== command.courseId) throw new BookingNotOnCourse();
  const refusal = followUpRefusal(command.courseEndDate, command.now);
  if (refusal) throw new FollowUpOutOfTime(refusal);
  return [{ type: 'BookingFollowUpSent', data: { bookingId: booking.bookingId, courseId: command.courseId, sentAt: command.now.toISOString() } }];
}

export function decideBooking(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'PlaceBooking':
      return placeBooking(command, state);
    case 'StartBookingPayment':
      return startPayment(command, state);
    case 'ConfirmBookingByPayment':
      return confirmByPayment(command, state);
    case 'ApproveBooking':
      return approve(command, state);
    case 'CancelBooking':
      return cancel(command, state);
    case 'CancelForRefund':
      return cancelForRefund(command, state);
    case 'ExpireBooking':
      return expire(command, state);
    case 'DeleteBooking':
      return remove(command, state);
    case 'CompleteBooking':
      return complete(command, state);
    case 'RecordCentrePayment':
      return recordCentrePayment(command, state);
    case 'SendReminder':
      return sendReminder(command, state);
    case 'SendFollowUp':
      return sendFollowUp(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: initialBookingState,
  evolve: evolveBooking,
  decide: decideBooking,
};
