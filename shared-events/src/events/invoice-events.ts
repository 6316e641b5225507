import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Cents, Id, IsoDateTime } from '../primitives';

/**
 * Everything an invoice prints, as it stood when the invoice was issued (DOMAIN.md, Money; ARCHITECTURE: "An
 * issued invoice or credit note prints only what was recorded when it was issued"): who sold (the platform's
 * identity, from its configuration), who bought, the approved centre that runs the course, the course, and the
 * amounts with their VAT. A later change of a name, an address or an approval never alters it. The credit
 * note that cancels the invoice reproduces it, dated by the refund.
 */
export const InvoiceRecord = z.object({
  seller: z.object({
    name: z.string(),
    legalForm: z.string(),
    shareCapitalCents: Cents,
    address: z.string(),
    siren: z.string(),
    siret: z.string(),
    rcs: z.string(),
    /** Null under a VAT exemption, which `vatExemption` then names. */
    vatNumber: z.string().nullable(),
    vatExemption: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
  }),
  buyer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
  }),
  centre: z.object({
    name: z.string(),
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    prefectApprovalReference: z.string().nullable(),
  }),
  course: z.object({ title: z.string(), address: z.string(), postalCode: z.string(), city: z.string(), startDate: IsoDateTime, endDate: IsoDateTime }),
  bookingReference: z.string(),
  /** Integer cents: the price paid (VAT included), and its split; `vatRate` 0.2 for 20 %, 0 under an exemption. */
  amounts: z.object({ total: Cents, net: Cents, vat: Cents, vatRate: z.number().min(0).max(1) }),
  /** When the payment went through. */
  paidAt: IsoDateTime.nullable(),
  /**
   * The invoice of a booking moved to another course: it replaces invoice `replaces` (cancelled by its credit
   * note), and the move's price difference in integer cents: positive, paid by card then; negative, refunded.
   */
  move: z.object({ replaces: z.string(), difference: z.number().int() }).optional(),
});
export type InvoiceRecord = z.infer<typeof InvoiceRecord>;

/** The French standard VAT rate, which the courses bear. */
export const VAT_RATE = 0.2;

/** Amounts of an invoice: the price includes VAT at `rate`; cents are never lost to rounding. */
export function vatBreakdown(amountInclTax: number, rate = VAT_RATE) {
  const net = Math.round(amountInclTax / (1 + rate));
  return { net, vat: amountInclTax - net, total: amountInclTax };
}

/**
 * One number of the year's invoice series, given to one paid booking. Numbers follow each other with no
 * gap, as French law requires; the `invoiceNumbers-<year>` stream's expected revision guarantees it.
 * `document`: what the invoice prints, recorded as it is issued; invoices numbered before it was recorded
 * lack it, and get an InvoiceDocumentRecorded instead.
 */
export const InvoiceNumberAssigned = defineEvent(
  'InvoiceNumberAssigned',
  z.object({
    bookingId: Id, paymentId: Id, year: z.number().int(), sequence: z.number().int().positive(), number: z.string(), issuedAt: IsoDateTime,
    document: InvoiceRecord.optional(),
    /**
     * Set on the invoice of a paid booking that moved to another course (`movedEventId`: that BookingMoved's event
     * id, one invoice per move): it replaces the invoice `number`, which its credit note `AV-<number>`, dated as
     * this one, cancels. Absent: the booking's first invoice.
     */
    replaces: z.object({ number: z.string(), movedEventId: Id }).optional(),
  }),
);

/**
 * What an invoice numbered before its document was recorded prints: derived from the log as it stood at the
 * invoice's number (`asOfPosition`, that event's global position), so that changes made since never show on
 * it; the seller is the one configured when this was recorded, the log not holding it. Recorded once.
 */
export const InvoiceDocumentRecorded = defineEvent(
  'InvoiceDocumentRecorded',
  z.object({ bookingId: Id, number: z.string(), asOfPosition: z.number().int().nonnegative(), document: InvoiceRecord }),
);

export const invoiceEvents = [InvoiceNumberAssigned, InvoiceDocumentRecorded] as const;
export type InvoiceEvent = EventOf<(typeof invoiceEvents)[number]>;
