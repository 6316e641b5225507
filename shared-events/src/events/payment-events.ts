import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Cents, Id, IsoDateTime } from '../primitives';

export const PaymentProvider = z.enum(['test', 'stripe']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

export const PaymentIntentCreated = defineEvent(
  'PaymentIntentCreated',
  z.object({
    paymentId: Id,
    bookingId: Id,
    userId: Id,
    amount: Cents,
    currency: z.literal('EUR'),
    provider: PaymentProvider,
    providerIntentId: z.string(),
    createdAt: IsoDateTime,
    /**
     * Set on a top-up: the payment of the difference of a learner's move to a dearer course (BookingMoveStarted's
     * `moveId`), a second payment of the same booking. Absent: the booking's own payment of its price.
     */
    moveId: Id.optional(),
  }),
);

export const PaymentSucceeded = defineEvent(
  'PaymentSucceeded',
  z.object({
    paymentId: Id,
    bookingId: Id,
    providerIntentId: z.string(),
    amount: Cents,
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    succeededAt: IsoDateTime,
  }),
);

/** One declined attempt; the learner may try again on the same intent. */
export const PaymentFailed = defineEvent(
  'PaymentFailed',
  z.object({
    paymentId: Id,
    bookingId: Id,
    providerIntentId: z.string(),
    code: z.string(),
    reason: z.string(),
    failedAt: IsoDateTime,
  }),
);

/**
 * The provider's intent was cancelled before it took any money (a 3-D Secure challenge left waiting and
 * replaced by a new attempt, or a booking that can no longer be paid): no charge can land on it any more.
 */
export const PaymentIntentCanceled = defineEvent(
  'PaymentIntentCanceled',
  z.object({ paymentId: Id, bookingId: Id, providerIntentId: z.string(), reason: z.string(), canceledAt: IsoDateTime }),
);

/**
 * Only a SUCCEEDED payment is refunded, once: all the money it still holds (`amount`: its whole amount, less what
 * partial refunds gave back before).
 */
export const PaymentRefundRequested = defineEvent(
  'PaymentRefundRequested',
  z.object({ paymentId: Id, bookingId: Id, amount: Cents, reason: z.string(), requestedAt: IsoDateTime }),
);

export const PaymentRefunded = defineEvent(
  'PaymentRefunded',
  z.object({ paymentId: Id, bookingId: Id, amount: Cents, providerRefundId: z.string(), refundedAt: IsoDateTime }),
);

/** The provider did not refund this time; the refund stays due and is tried again. */
export const PaymentRefundFailed = defineEvent(
  'PaymentRefundFailed',
  z.object({
    paymentId: Id,
    bookingId: Id,
    reason: z.string(),
    failedAt: IsoDateTime,
    /** The provider's refund that failed, when it made one (absent when it could not be reached): recorded once. */
    providerRefundId: z.string().optional(),
  }),
);

/**
 * Part of a SUCCEEDED payment is to go back, the payment staying kept for the rest: the difference of a move to a
 * cheaper course. `refundId` names this refund for good (one per move and payment): asked again, nothing changes.
 */
export const PaymentPartialRefundRequested = defineEvent(
  'PaymentPartialRefundRequested',
  z.object({ paymentId: Id, bookingId: Id, refundId: Id, amount: Cents, reason: z.string(), requestedAt: IsoDateTime }),
);

/** The provider gave that part back. */
export const PaymentPartiallyRefunded = defineEvent(
  'PaymentPartiallyRefunded',
  z.object({ paymentId: Id, bookingId: Id, refundId: Id, amount: Cents, providerRefundId: z.string(), refundedAt: IsoDateTime }),
);

/** The provider did not give that part back this time: it stays due, and is tried again (with a new key). */
export const PaymentPartialRefundFailed = defineEvent(
  'PaymentPartialRefundFailed',
  z.object({ paymentId: Id, bookingId: Id, refundId: Id, reason: z.string(), failedAt: IsoDateTime, providerRefundId: z.string().optional() }),
);

export const paymentEvents = [
  PaymentIntentCreated, PaymentSucceeded, PaymentFailed, PaymentIntentCanceled, PaymentRefundRequested, PaymentRefunded, PaymentRefundFailed,
  PaymentPartialRefundRequested, PaymentPartiallyRefunded, PaymentPartialRefundFailed,
] as const;
export type PaymentEvent = EventOf<(typeof paymentEvents)[number]>;
