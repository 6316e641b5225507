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

export const paymentEvents = [PaymentIntentCreated, PaymentSucceeded, PaymentFailed] as const;
export type PaymentEvent = EventOf<(typeof paymentEvents)[number]>;
