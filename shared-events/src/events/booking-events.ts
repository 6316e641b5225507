import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Cents, Id, IsoDateTime } from '../primitives';

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
  }),
);

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

export const bookingEvents = [BookingPlaced, BookingPaymentStarted, BookingConfirmed] as const;
export type BookingEvent = EventOf<(typeof bookingEvents)[number]>;
