import { DomainError } from '../core/domain-error';

export class BookingNotFound extends DomainError {
  constructor() {
    super('BOOKING_NOT_FOUND');
  }
}
export class BookingAlreadyExists extends DomainError {
  constructor() {
    super('BOOKING_ALREADY_EXISTS');
  }
}
/** Only a PENDING booking is paid for, approved, expired or deleted. */
export class BookingNotPending extends DomainError {
  constructor(status: string) {
    super('BOOKING_NOT_PENDING', { status });
  }
}
/** The hold of an unpaid booking has elapsed: its spot is no longer kept. */
export class BookingHoldExpired extends DomainError {
  constructor() {
    super('BOOKING_HOLD_EXPIRED');
  }
}
/** A booking expires only once its hold has elapsed. */
export class BookingHoldNotElapsed extends DomainError {
  constructor() {
    super('BOOKING_HOLD_NOT_ELAPSED');
  }
}
/** Only a CONFIRMED booking is cancelled (and an unpaid PENDING one, by its learner). */
export class BookingNotCancellable extends DomainError {
  constructor(status: string) {
    super('BOOKING_NOT_CANCELLABLE', { status });
  }
}
/** A learner cancels until the course starts, not after. */
export class CancellationTooLate extends DomainError {
  constructor() {
    super('CANCELLATION_TOO_LATE');
  }
}
/** A booking is completed once its course has ended. */
export class CourseNotEnded extends DomainError {
  constructor() {
    super('COURSE_NOT_ENDED');
  }
}
/** Another payment attempt of the booking started meanwhile: one booking has one attempt at a time. */
export class PaymentAttemptChanged extends DomainError {
  constructor() {
    super('PAYMENT_ATTEMPT_CHANGED');
  }
}
/** One payment per booking is kept: money taken by another attempt (one replaced or left behind) goes back. */
export class BookingPaymentSuperseded extends DomainError {
  constructor() {
    super('BOOKING_PAYMENT_SUPERSEDED');
  }
}
/** Nothing is left to pay: the booking is paid and confirmed. */
export class BookingAlreadyPaid extends DomainError {
  constructor() {
    super('BOOKING_ALREADY_PAID');
  }
}
/** Nothing is left to pay online: the centre confirmed the booking. */
export class BookingAlreadyConfirmed extends DomainError {
  constructor() {
    super('BOOKING_ALREADY_CONFIRMED');
  }
}
/** Only a booking the centre confirmed unpaid is paid at the centre. */
export class CentrePaymentNeedsCentreConfirmation extends DomainError {
  constructor(status: string) {
    super('CENTRE_PAYMENT_NOT_CONFIRMED_BY_CENTRE', { status });
  }
}
/** The money of a booking is recorded once. */
export class BookingAlreadyPaidAtCentre extends DomainError {
  constructor(method: string, receivedOn: string) {
    super('BOOKING_ALREADY_PAID_AT_CENTRE', { method, receivedOn });
  }
}
/** Money is recorded as received on a day that has come. */
export class CentrePaymentInFuture extends DomainError {
  constructor() {
    super('CENTRE_PAYMENT_IN_FUTURE', { field: 'receivedOn' });
  }
}
/** Money for a booking is not received before the booking was made. */
export class CentrePaymentBeforeBooking extends DomainError {
  constructor(bookedOn: string) {
    super('CENTRE_PAYMENT_BEFORE_BOOKING', { field: 'receivedOn', bookedOn });
  }
}
/** A booking its payment confirmed, then cancelled (and refunded): asking to confirm the payment again says so. */
export class BookingNoLongerConfirmed extends DomainError {
  constructor(bookingStatus: string, paymentStatus: string) {
    super('BOOKING_NO_LONGER_CONFIRMED', { bookingStatus, paymentStatus });
  }
}

// ── Moving to another date ────────────────────────────────────────────────────────────────────────────

/** Only a CONFIRMED booking moves to another date. */
export class BookingNotMovable extends DomainError {
  constructor(status: string) {
    super('BOOKING_NOT_MOVABLE', { status });
  }
}
/** A move names another course than the one booked. */
export class MoveToSameCourse extends DomainError {
  constructor() {
    super('MOVE_TO_SAME_COURSE', { field: 'courseId' });
  }
}
/** A learner moves up to the cut-off (TRANSFER_CUTOFF_DAYS) before the first day of the course booked. */
export class MoveTooLate extends DomainError {
  constructor(cutoffDays: number, lastDay: string) {
    super('MOVE_TOO_LATE', { cutoffDays, lastDay });
  }
}
/** Nobody moves a booking whose course has started. */
export class MoveAfterCourseStarted extends DomainError {
  constructor() {
    super('MOVE_AFTER_COURSE_STARTED');
  }
}
/** A centre moves its learners only between its own courses. */
export class MoveToAnotherCentre extends DomainError {
  constructor() {
    super('MOVE_TO_ANOTHER_CENTRE', { field: 'courseId' });
  }
}
/** A booking to be paid at its centre owes that centre its money: it moves only to another course of the same centre. */
export class UnpaidMoveToAnotherCentre extends DomainError {
  constructor() {
    super('MOVE_UNPAID_TO_ANOTHER_CENTRE', { field: 'courseId' });
  }
}
/** No move of this booking awaits the payment of its difference. */
export class MoveNotPending extends DomainError {
  constructor() {
    super('MOVE_NOT_PENDING');
  }
}
/** The time to pay the difference ran out: the new place was released. */
export class MoveHoldExpired extends DomainError {
  constructor() {
    super('MOVE_HOLD_EXPIRED');
  }
}
/** A pending move is abandoned for want of payment only once its hold has elapsed. */
export class MoveHoldNotElapsed extends DomainError {
  constructor() {
    super('MOVE_HOLD_NOT_ELAPSED');
  }
}
/** Money taken for a move that no longer awaits it (abandoned, replaced, or another attempt): it goes back. */
export class MovePaymentSuperseded extends DomainError {
  constructor() {
    super('MOVE_PAYMENT_SUPERSEDED');
  }
}
/** The course a move names does not exist. */
export class MoveCourseNotFound extends DomainError {
  constructor() {
    super('MOVE_COURSE_NOT_FOUND', { field: 'courseId' });
  }
}
/** Only a CONFIRMED booking is reminded of its course (never one cancelled, expired or waiting for its money). */
export class ReminderNeedsConfirmedBooking extends DomainError {
  constructor(status: string) {
    super('REMINDER_NEEDS_CONFIRMED_BOOKING', { status });
  }
}
/** A reminder or the message after a course is about the course the booking is on (a moved booking is on another). */
export class BookingNotOnCourse extends DomainError {
  constructor() {
    super('BOOKING_NOT_ON_COURSE');
  }
}
/** A reminder goes out from its time until the course starts, unless a later reminder is due too. */
export class ReminderOutOfTime extends DomainError {
  constructor(reason: string) {
    super('REMINDER_OUT_OF_TIME', { reason });
  }
}
/** The message after the course is for a booking whose course took place with it (confirmed, or completed). */
export class FollowUpNeedsHeldBooking extends DomainError {
  constructor(status: string) {
    super('FOLLOW_UP_NEEDS_HELD_BOOKING', { status });
  }
}
/** The message after the course goes out from the day after it, for a week. */
export class FollowUpOutOfTime extends DomainError {
  constructor(reason: string) {
    super('FOLLOW_UP_OUT_OF_TIME', { reason });
  }
}
/** The 48N case needs the day its letter was received: the four months run from it. */
export class LetterDateRequired extends DomainError {
  constructor() {
    super('LETTER_RECEIVED_ON_REQUIRED', { field: 'letterReceivedOn' });
  }
}
/** Only the 48N case has a letter whose day counts. */
export class LetterDateNotExpected extends DomainError {
  constructor() {
    super('LETTER_RECEIVED_ON_NOT_EXPECTED', { field: 'letterReceivedOn' });
  }
}
/** A letter is received on a day that has come. */
export class LetterDateInFuture extends DomainError {
  constructor() {
    super('LETTER_RECEIVED_ON_IN_FUTURE', { field: 'letterReceivedOn' });
  }
}
/** The case is declared on a booking still held or confirmed: not on one cancelled, expired, deleted or completed. */
export class LearnerCaseBookingClosed extends DomainError {
  constructor(status: string) {
    super('LEARNER_CASE_BOOKING_CLOSED', { status });
  }
}
/** Once the course has started, the case the centre recorded stays as it is. */
export class LearnerCaseCourseStarted extends DomainError {
  constructor() {
    super('LEARNER_CASE_COURSE_STARTED');
  }
}
