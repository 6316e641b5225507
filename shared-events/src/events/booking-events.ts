import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
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

export const bookingEvents = [
  BookingPlaced, BookingPaymentStarted, BookingConfirmed, BookingPaid, BookingCancelled, BookingExpired, BookingDeleted, BookingCompleted,
  BookingPaidAtCentre, BookingReminderSent, BookingFollowUpSent,
] as const;
export type BookingEvent = EventOf<(typeof bookingEvents)[number]>;
