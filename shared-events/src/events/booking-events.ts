import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { LearnerCase } from '../bookings/learner-case';
import { AttendanceSheetRow } from '../courses/attendance';
import { Cents, Id, IsoDateTime, IsoDay } from '../primitives';

export const BookingPlaced = defineEvent(
  'BookingPlaced',
  z.object({
    bookingId: Id,
    bookingReference: z.string(),
    courseId: Id,
    userId: Id,
    /** The course's price when the booking was placed: what the learner pays. */
    price: Cents,
    currency: z.literal('EUR'),
    placedAt: IsoDateTime,
    /** Unpaid, the booking holds its spot until then. Older events lack it: see the upcaster. */
    holdExpiresAt: IsoDateTime,
    /**
     * The learner expressly asked that a course starting within the 14 days of the withdrawal period start
     * then (the right does not apply to it). Absent: the course started later, or the booking predates the question.
     */
    earlyStartRequested: z.literal(true).optional(),
  }),
);

/** Bookings placed before holds were recorded held their spot for the default 30 minutes. */
export function upcastBookingPlaced(data: unknown): unknown {
  const record = data as { placedAt?: string; holdExpiresAt?: string };
  if (record.holdExpiresAt || !record.placedAt) return data;
  return { ...record, holdExpiresAt: new Date(Date.parse(record.placedAt) + 30 * 60_000).toISOString() };
}

/** The learner started paying: the booking now knows which payment stream holds its money. */
export const BookingPaymentStarted = defineEvent(
  'BookingPaymentStarted',
  z.object({ bookingId: Id, paymentId: Id }),
);

export const BookingConfirmed = defineEvent(
  'BookingConfirmed',
  z.discriminatedUnion('by', [
    z.object({ bookingId: Id, by: z.literal('payment'), paymentId: Id, confirmedAt: IsoDateTime }),
    z.object({ bookingId: Id, by: z.literal('centre'), approvedBy: Id, confirmedAt: IsoDateTime }),
  ]),
);

/**
 * The money of a booking the centre had already confirmed came in (the learner paid online before, or while,
 * the centre approved): the booking is now paid, and its money is refunded under the same rules.
 */
export const BookingPaid = defineEvent('BookingPaid', z.object({ bookingId: Id, paymentId: Id, paidAt: IsoDateTime }));

/** How a centre received the money of a booking it confirmed unpaid. */
export const CentrePaymentMethod = z.enum(['CASH', 'CHEQUE', 'TRANSFER']);
export type CentrePaymentMethod = z.infer<typeof CentrePaymentMethod>;

/**
 * The centre received the money of a booking it had confirmed unpaid ("to be paid at the centre"): only now is
 * the booking paid, and its money counts as received. The centre sold it: no invoice of the platform's series.
 */
export const BookingPaidAtCentre = defineEvent(
  'BookingPaidAtCentre',
  z.object({
    bookingId: Id,
    method: CentrePaymentMethod,
    /** The day the centre received the money (Paris calendar day, as the centre says it). */
    receivedOn: IsoDay,
    /** Integer cents: the booking's price. */
    amount: Cents,
    recordedBy: Id,
    recordedAt: IsoDateTime,
  }),
);

/** CONFIRMED → CANCELLED, by the learner or an administrator; CANCELLED is final. */
export const BookingCancelled = defineEvent(
  'BookingCancelled',
  z.object({
    bookingId: Id,
    by: z.enum(['learner', 'admin', 'courseCancelled']),
    cancelledBy: Id.nullable(),
    /** Decided when cancelling, from the refund cut-off: the learner was told before confirming. */
    refundDue: z.boolean(),
    cancelledAt: IsoDateTime,
  }),
);

/** PENDING → expired: the hold elapsed without payment, and the spot went back. */
export const BookingExpired = defineEvent('BookingExpired', z.object({ bookingId: Id, expiredAt: IsoDateTime }));

/** PENDING → deleted by an administrator. */
export const BookingDeleted = defineEvent('BookingDeleted', z.object({ bookingId: Id, deletedBy: Id, deletedAt: IsoDateTime }));

/** CONFIRMED → COMPLETED once the course has ended. */
export const BookingCompleted = defineEvent('BookingCompleted', z.object({ bookingId: Id, completedAt: IsoDateTime }));

// ── Moving to another date (issue 19 §4): the booking keeps its reference, its course changes ──────────

/** Who moved a booking: its learner, the centre that runs both courses, or an administrator. */
export const MovedBy = z.enum(['learner', 'centre', 'admin']);
export type MovedBy = z.infer<typeof MovedBy>;

/**
 * The booking now holds a place on `toCourseId` instead of `fromCourseId` (reference unchanged): the new place was
 * reserved on the new course's stream first; the old one is released next (`SpotReleased`, reason `moved`).
 * `priceBefore`/`priceAfter`: what the booking cost, and costs now (integer cents); a cheaper move refunds the
 * difference, a dearer one was paid by `topUpPaymentId` first (a learner's move, see BookingMoveStarted).
 * `moveId`: the move that waited for that payment, when there was one.
 */
export const BookingMoved = defineEvent(
  'BookingMoved',
  z.object({
    bookingId: Id,
    fromCourseId: Id,
    toCourseId: Id,
    by: MovedBy,
    movedBy: Id,
    movedAt: IsoDateTime,
    priceBefore: Cents,
    priceAfter: Cents,
    /** The new course starts within the booking's withdrawal period and the move was expressly asked for so (as at booking). */
    earlyStartRequested: z.literal(true).optional(),
    moveId: Id.optional(),
    topUpPaymentId: Id.optional(),
  }),
);

/**
 * A learner's move to a dearer course of a booking paid online: the new place is reserved and held until
 * `holdExpiresAt` while the learner pays the difference (`priceAfter − priceBefore`) by card; the move completes
 * (BookingMoved) once it is paid, or is abandoned and the held place released.
 */
export const BookingMoveStarted = defineEvent(
  'BookingMoveStarted',
  z.object({
    bookingId: Id,
    moveId: Id,
    fromCourseId: Id,
    toCourseId: Id,
    by: MovedBy,
    movedBy: Id,
    startedAt: IsoDateTime,
    holdExpiresAt: IsoDateTime,
    priceBefore: Cents,
    priceAfter: Cents,
    earlyStartRequested: z.literal(true).optional(),
  }),
);

/** A payment attempt of the difference of a pending move: the only one that may pay for it (one at a time). */
export const BookingMovePaymentStarted = defineEvent(
  'BookingMovePaymentStarted',
  z.object({ bookingId: Id, moveId: Id, paymentId: Id }),
);

/**
 * Why a pending move ended without moving: not paid in time, given up by the learner, replaced by another move, the
 * booking ended, or the course it was moving to was cancelled.
 */
export const MoveAbandonReason = z.enum(['notPaid', 'withdrawn', 'replaced', 'bookingEnded', 'courseCancelled']);
export type MoveAbandonReason = z.infer<typeof MoveAbandonReason>;

/** A pending move ended without moving: the booking stays where it was, and the place held on `toCourseId` is released. */
export const BookingMoveAbandoned = defineEvent(
  'BookingMoveAbandoned',
  z.object({ bookingId: Id, moveId: Id, toCourseId: Id, reason: MoveAbandonReason, abandonedAt: IsoDateTime }),
);

/**
 * The learner was reminded of the course `daysBefore` days before its first day (REMINDER_DAYS): recorded on the
 * booking's stream, so that each reminder goes out once and shows in the booking's history. The mail reactor
 * mails on it.
 */
export const BookingReminderSent = defineEvent(
  'BookingReminderSent',
  z.object({ bookingId: Id, courseId: Id, daysBefore: z.number().int().positive(), sentAt: IsoDateTime }),
);

/** The day after the course, the learner was told when the points should be credited and where to check them. */
export const BookingFollowUpSent = defineEvent('BookingFollowUpSent', z.object({ bookingId: Id, courseId: Id, sentAt: IsoDateTime }));

/**
 * The learner said why they take the course (one of the four cases of the law), at booking or later, until the
 * course starts; a later declaration replaces an earlier one. `letterReceivedOn`: the Paris day the 48N letter was
 * received, for PROBATION_48N only (the course must end within four months of it for the fine to be refunded).
 */
export const BookingCaseDeclared = defineEvent(
  'BookingCaseDeclared',
  z.object({ bookingId: Id, learnerCase: LearnerCase, letterReceivedOn: IsoDay.nullable(), declaredBy: Id, declaredAt: IsoDateTime }),
);

// ── After the course (issue 20): attendance and the attestation ───────────────────────────────────────────

/**
 * The centre (or an administrator) recorded the learner's presence at the course's half-days: `halfDays` is the
 * booking's whole row as it now stands (a correction replaces the earlier row); the outcome follows from it
 * (`attendanceOutcome` in `courses/attendance.ts`). Each change is one event: who, when.
 */
export const BookingAttendanceRecorded = defineEvent(
  'BookingAttendanceRecorded',
  z.object({
    bookingId: Id,
    courseId: Id,
    halfDays: AttendanceSheetRow,
    by: z.enum(['centre', 'admin']),
    recordedBy: Id,
    recordedAt: IsoDateTime,
  }),
);

/** The learner, who completed the course, was sent the attestation (once per booking): the mail reactor mails on it. */
export const BookingAttestationSent = defineEvent('BookingAttestationSent', z.object({ bookingId: Id, courseId: Id, sentAt: IsoDateTime }));

export const bookingEvents = [
  BookingPlaced, BookingPaymentStarted, BookingConfirmed, BookingPaid, BookingCancelled, BookingExpired, BookingDeleted, BookingCompleted,
  BookingPaidAtCentre, BookingMoved, BookingMoveStarted, BookingMovePaymentStarted, BookingMoveAbandoned,
  BookingReminderSent, BookingFollowUpSent, BookingCaseDeclared, BookingAttendanceRecorded, BookingAttestationSent,
] as const;
export type BookingEvent = EventOf<(typeof bookingEvents)[number]>;
