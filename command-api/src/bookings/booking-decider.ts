import { letterDateProblem, parisCalendarDay, type BookingEvent, type CentrePaymentMethod, type LearnerCase, type MovedBy, type MoveAbandonReason } from '@recup/shared-events';
import { followUpRefusal, reminderRefusal } from '@recup/shared-events/bookings/reminders';
import { learnerCancellationRefunded } from '@recup/shared-events/bookings/withdrawal';
import { lastDayToMove, learnerMayMove, moveMoney, priceAfterMove } from '@recup/shared-events/bookings/move-rules';
import type { Decider } from '../core/decider';
import { evolveBooking, initialBookingState, reminderKey, type BookingState, type ExistingBooking } from './booking';
import {
  BookingAlreadyExists, BookingAlreadyPaid, BookingAlreadyPaidAtCentre, BookingHoldExpired, BookingHoldNotElapsed, BookingNotCancellable, BookingNotFound, BookingNotOnCourse, BookingNotPending, BookingPaymentSuperseded,
  CancellationTooLate, CentrePaymentBeforeBooking, CentrePaymentInFuture, CentrePaymentNeedsCentreConfirmation, CourseNotEnded, FollowUpNeedsHeldBooking, FollowUpOutOfTime, LearnerCaseBookingClosed,
  LearnerCaseCourseStarted, LetterDateInFuture, LetterDateNotExpected, LetterDateRequired, PaymentAttemptChanged, ReminderNeedsConfirmedBooking, ReminderOutOfTime,
  BookingNotMovable, MoveAfterCourseStarted, MoveHoldExpired, MoveHoldNotElapsed, MoveNotPending, MovePaymentSuperseded, MoveToAnotherCentre, MoveToSameCourse, MoveTooLate,
  UnpaidMoveToAnotherCentre,
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
  /** Why the learner takes the course, when they said it at booking (otherwise asked before payment). */
  learnerCase?: LearnerCase;
  /** For PROBATION_48N: the Paris day the 48N letter was received. */
  letterReceivedOn?: string | null;
  now: Date;
};
/**
 * A new payment attempt becomes the booking's only one. `replaces` is the attempt the caller found current
 * (null for the first): another attempt started meanwhile makes this command fail, so two calls never open
 * two attempts for one booking. `sellerVerified`: whether the centre that runs the course is verified, as its
 * stream says now (only a verified centre sells).
 */
type StartBookingPayment = { type: 'StartBookingPayment'; bookingId: string; paymentId: string; replaces: string | null; sellerVerified: boolean; now: Date };
type ConfirmBookingByPayment = { type: 'ConfirmBookingByPayment'; bookingId: string; paymentId: string; now: Date };
type ApproveBooking = { type: 'ApproveBooking'; bookingId: string; approvedBy: string; now: Date };
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
type CancelForRefund = { type: 'CancelForRefund'; bookingId: string; paymentId: string; cancelledBy: string | null; now: Date };
type ExpireBooking = { type: 'ExpireBooking'; bookingId: string; now: Date };
type DeleteBooking = { type: 'DeleteBooking'; bookingId: string; deletedBy: string; now: Date };
type CompleteBooking = { type: 'CompleteBooking'; bookingId: string; courseEndDate: string; now: Date };
/**
 * The learner says (or says again) why they take the course: one of the four cases of the law, with the day the 48N
 * letter was received for that case. `declaredBy` is who asks: only the booking's own learner may.
 */
export type DeclareLearnerCase = {
  type: 'DeclareLearnerCase';
  bookingId: string;
  learnerCase: LearnerCase;
  letterReceivedOn: string | null;
  declaredBy: string;
  courseStartDate: string;
  now: Date;
};
/** The centre says it received the money of a booking it confirmed unpaid: how, and on which day (YYYY-MM-DD, Paris). */
export type RecordCentrePayment = { type: 'RecordCentrePayment'; bookingId: string; method: CentrePaymentMethod; receivedOn: string; recordedBy: string; now: Date };
/**
 * Moves a CONFIRMED booking to `toCourseId`, whose place was reserved first (on its course's stream). `moveId`
 * names the move when it must wait for the learner to pay a difference. `sameCentre`: both courses are run by the
 * same centre. `fromCourseStartDate`: the first day of the course booked now, from which the learner's cut-off runs.
 */
export type MoveBooking = {
  type: 'MoveBooking';
  bookingId: string;
  moveId: string;
  toCourseId: string;
  toCoursePrice: number;
  sameCentre: boolean;
  fromCourseStartDate: string;
  by: MovedBy;
  movedBy: string;
  earlyStartRequested: boolean;
  cutoffDays: number;
  holdMinutes: number;
  now: Date;
};
/** A new attempt to pay the difference of the pending move `moveId` (as StartBookingPayment for the booking's price). */
type StartMovePayment = { type: 'StartMovePayment'; bookingId: string; moveId: string; paymentId: string; replaces: string | null; now: Date };
/** The difference of the pending move was paid by `paymentId`: the move completes. */
type CompleteMove = { type: 'CompleteMove'; bookingId: string; paymentId: string; now: Date };
/** The pending move `moveId` ends without moving: not paid in time (once its hold elapsed), given up by the learner, or its course cancelled. */
export type AbandonMove = { type: 'AbandonMove'; bookingId: string; moveId: string; reason: Extract<MoveAbandonReason, 'notPaid' | 'withdrawn' | 'courseCancelled'>; now: Date };
/**
 * Remind the learner of the course `daysBefore` days before it (one of `reminderDays`, REMINDER_DAYS), decided
 * against the course as it stands now (`courseId`, its start).
 */
type SendReminder = { type: 'SendReminder'; bookingId: string; courseId: string; daysBefore: number; reminderDays: readonly number[]; courseStartDate: string; now: Date };
/** Tell the learner, the day after the course, when the points should be credited and where to check them. */
type SendFollowUp = { type: 'SendFollowUp'; bookingId: string; courseId: string; courseEndDate: string; now: Date };
export type BookingCommand =
  | PlaceBooking | StartBookingPayment | ConfirmBookingByPayment | ApproveBooking | CancelBooking | CancelForRefund | ExpireBooking | DeleteBooking | CompleteBooking
  | RecordCentrePayment | MoveBooking | StartMovePayment | CompleteMove | AbandonMove | SendReminder | SendFollowUp | DeclareLearnerCase;

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
export function refundCancels(booking: Pick<ExistingBooking, 'status' | 'paidBy' | 'topUps'>, paymentId: string): boolean {
  return booking.status === 'CONFIRMED' && (booking.paidBy === paymentId || booking.topUps.includes(paymentId));
}

/** A booking that ends gives up the move it was waiting to pay for: its held place goes back (the move keeper releases it). */
function endingPendingMove(booking: ExistingBooking, now: Date): BookingEvent[] {
  const pending = booking.pendingMove;
  if (!pending) return [];
  return [{ type: 'BookingMoveAbandoned', data: { bookingId: booking.bookingId, moveId: pending.moveId, toCourseId: pending.toCourseId, reason: 'bookingEnded', abandonedAt: now.toISOString() } }];
}

/**
 * The letter's date goes with the 48N case, and with it only; it is a day that has come (in Paris). A letter
 * received more than four months before the course ends is accepted: the learner is warned that the fine will not
 * be refunded, which is all the law makes of it.
 */
export function assertLetterDate(learnerCase: LearnerCase | null, letterReceivedOn: string | null, now: Date) {
  switch (letterDateProblem(learnerCase, letterReceivedOn, parisCalendarDay(now))) {
    case 'REQUIRED':
      throw new LetterDateRequired();
    case 'NOT_EXPECTED':
      throw new LetterDateNotExpected();
    case 'IN_FUTURE':
      throw new LetterDateInFuture();
    case null:
      return;
  }
}

function caseDeclared(bookingId: string, learnerCase: LearnerCase, letterReceivedOn: string | null, declaredBy: string, now: Date): BookingEvent {
  return { type: 'BookingCaseDeclared', data: { bookingId, learnerCase, letterReceivedOn, declaredBy, declaredAt: now.toISOString() } };
}

function placeBooking(command: PlaceBooking, state: BookingState): BookingEvent[] {
  if (state.status !== 'absent') throw new BookingAlreadyExists();
  const { bookingId, bookingReference, courseId, userId, price, now } = command;
  const letterReceivedOn = command.letterReceivedOn ?? null;
  assertLetterDate(command.learnerCase ?? null, letterReceivedOn, now);
  const holdExpiresAt = new Date(now.getTime() + command.holdMinutes * 60_000).toISOString();
  return [
    {
      type: 'BookingPlaced',
      data: { bookingId, bookingReference, courseId, userId, price, currency: 'EUR', placedAt: now.toISOString(), holdExpiresAt, ...(command.earlyStartRequested ? { earlyStartRequested: true as const } : {}) },
    },
    ...(command.learnerCase ? [caseDeclared(bookingId, command.learnerCase, letterReceivedOn, userId, now)] : []),
  ];
}

/**
 * Only the booking's learner says why they take the course (anyone else: the booking does not exist), on a booking
 * held or confirmed, until the course starts: the centre records the case for the prefecture, and it must not
 * change under it once the course is under way. Saying the same again changes nothing.
 */
function declareLearnerCase(command: DeclareLearnerCase, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.userId !== command.declaredBy) throw new BookingNotFound();
  assertLetterDate(command.learnerCase, command.letterReceivedOn, command.now);
  if (booking.status !== 'PENDING' && booking.status !== 'CONFIRMED') throw new LearnerCaseBookingClosed(booking.status);
  if (Date.parse(command.courseStartDate) <= command.now.getTime()) throw new LearnerCaseCourseStarted();
  const current = booking.learnerCase;
  if (current && current.case === command.learnerCase && current.letterReceivedOn === command.letterReceivedOn) return [];
  return [caseDeclared(booking.bookingId, command.learnerCase, command.letterReceivedOn, command.declaredBy, command.now)];
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
  return [...endingPendingMove(booking, command.now), {
    type: 'BookingCancelled',
    data: { bookingId: booking.bookingId, by: command.by, cancelledBy: command.cancelledBy, refundDue: refundDue(booking, command), cancelledAt: command.now.toISOString() },
  }];
}

function cancelForRefund(command: CancelForRefund, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (!refundCancels(booking, command.paymentId)) return [];
  return [...endingPendingMove(booking, command.now), {
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
 * A CONFIRMED booking moves to another course (issue 19 §4): never to the course it holds, nor once its course has
 * started; a learner up to the cut-off before the first day; a centre only between its own courses; a booking to
 * be paid at its centre only within that centre. The price and the money follow `move-rules`: a learner's move of
 * a booking paid online to a dearer course waits for the difference (BookingMoveStarted, the new place held until
 * `holdMinutes` from now); any other completes at once (BookingMoved). Asking again for the move under way changes
 * nothing; another move replaces it.
 */
function move(command: MoveBooking, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.status !== 'CONFIRMED') throw new BookingNotMovable(booking.status);
  if (command.toCourseId === booking.courseId) throw new MoveToSameCourse();
  if (Date.parse(command.fromCourseStartDate) <= command.now.getTime()) throw new MoveAfterCourseStarted();
  if (command.by === 'learner' && !learnerMayMove(command.fromCourseStartDate, command.now, command.cutoffDays)) {
    throw new MoveTooLate(command.cutoffDays, lastDayToMove(command.fromCourseStartDate, command.cutoffDays));
  }
  if (command.by === 'centre' && !command.sameCentre) throw new MoveToAnotherCentre();
  const paidOnline = booking.paidBy !== null;
  if (!paidOnline && !command.sameCentre) throw new UnpaidMoveToAnotherCentre();
  const pending = booking.pendingMove;
  if (pending && pending.toCourseId === command.toCourseId && Date.parse(pending.holdExpiresAt) > command.now.getTime()) return [];
  const abandoned: BookingEvent[] = pending
    ? [{ type: 'BookingMoveAbandoned', data: { bookingId: booking.bookingId, moveId: pending.moveId, toCourseId: pending.toCourseId, reason: 'replaced', abandonedAt: command.now.toISOString() } }]
    : [];
  const priceBefore = booking.price;
  const priceAfter = priceAfterMove(command.by, priceBefore, command.toCoursePrice);
  const base = {
    bookingId: booking.bookingId, fromCourseId: booking.courseId, toCourseId: command.toCourseId, by: command.by, movedBy: command.movedBy, priceBefore, priceAfter,
    ...(command.earlyStartRequested ? { earlyStartRequested: true as const } : {}),
  };
  if (moveMoney({ paidOnline, priceBefore, priceAfter }).kind === 'pay') {
    const holdExpiresAt = new Date(command.now.getTime() + command.holdMinutes * 60_000).toISOString();
    return [...abandoned, { type: 'BookingMoveStarted', data: { ...base, moveId: command.moveId, startedAt: command.now.toISOString(), holdExpiresAt } }];
  }
  return [...abandoned, { type: 'BookingMoved', data: { ...base, movedAt: command.now.toISOString() } }];
}

function pendingMoveOf(booking: ExistingBooking, moveId: string) {
  const pending = booking.pendingMove;
  if (!pending || pending.moveId !== moveId || booking.status !== 'CONFIRMED') throw new MoveNotPending();
  return pending;
}

function startMovePayment(command: StartMovePayment, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  const pending = pendingMoveOf(booking, command.moveId);
  if (Date.parse(pending.holdExpiresAt) <= command.now.getTime()) throw new MoveHoldExpired();
  if (pending.paymentId === command.paymentId) return [];
  if (pending.paymentId !== command.replaces) throw new PaymentAttemptChanged();
  return [{ type: 'BookingMovePaymentStarted', data: { bookingId: booking.bookingId, moveId: command.moveId, paymentId: command.paymentId } }];
}

/**
 * The difference was paid by the pending move's current attempt: the move completes, even a moment past its hold
 * (the new place is still held: only an abandoned move gives it back). Money taken by any other attempt, or for a
 * move that no longer waits, is refused (and refunded).
 */
function completeMove(command: CompleteMove, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.topUps.includes(command.paymentId)) return [];
  const pending = booking.pendingMove;
  if (!pending || pending.paymentId !== command.paymentId || booking.status !== 'CONFIRMED') throw new MovePaymentSuperseded();
  const { moveId, fromCourseId, toCourseId, by, movedBy, priceBefore, priceAfter, earlyStartRequested } = pending;
  return [{
    type: 'BookingMoved',
    data: {
      bookingId: booking.bookingId, fromCourseId, toCourseId, by, movedBy, movedAt: command.now.toISOString(), priceBefore, priceAfter,
      ...(earlyStartRequested ? { earlyStartRequested: true as const } : {}), moveId, topUpPaymentId: command.paymentId,
    },
  }];
}

function abandonMove(command: AbandonMove, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  const pending = booking.pendingMove;
  if (!pending || pending.moveId !== command.moveId) return [];
  if (command.reason === 'notPaid' && Date.parse(pending.holdExpiresAt) > command.now.getTime()) throw new MoveHoldNotElapsed();
  return [{ type: 'BookingMoveAbandoned', data: { bookingId: booking.bookingId, moveId: pending.moveId, toCourseId: pending.toCourseId, reason: command.reason, abandonedAt: command.now.toISOString() } }];
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

function decideBooking(command: BookingCommand, state: BookingState): BookingEvent[] {
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
    case 'MoveBooking':
      return move(command, state);
    case 'StartMovePayment':
      return startMovePayment(command, state);
    case 'CompleteMove':
      return completeMove(command, state);
    case 'AbandonMove':
      return abandonMove(command, state);
    case 'SendReminder':
      return sendReminder(command, state);
    case 'SendFollowUp':
      return sendFollowUp(command, state);
    case 'DeclareLearnerCase':
      return declareLearnerCase(command, state);
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
