import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime } from '../primitives';

/**
 * One number of the year's invoice series, given to one paid booking. Numbers follow each other with no
 * gap, as French law requires; the `invoiceNumbers-<year>` stream's expected revision guarantees it.
 */
export const InvoiceNumberAssigned = defineEvent(
  'InvoiceNumberAssigned',
  z.object({ bookingId: Id, paymentId: Id, year: z.number().int(), sequence: z.number().int().positive(), number: z.string(), issuedAt: IsoDateTime }),
);

export const invoiceEvents = [InvoiceNumberAssigned] as const;
export type InvoiceEvent = EventOf<(typeof invoiceEvents)[number]>;
