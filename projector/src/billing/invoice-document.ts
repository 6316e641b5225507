import type { InvoiceRecord } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const INVOICES_COLLECTION = 'invoices';

/**
 * A paid booking's invoice, by booking id, as it was issued: its number, its date and what it prints (recorded
 * when it was issued, or after for an invoice older than that: see InvoiceDocumentRecorded; null until then).
 * A refund of the invoice's payment issues its credit note, which reproduces it, dated by the refund.
 */
export interface InvoiceDocument extends ProjectedDoc {
  number: string | null;
  issuedAt: string | null;
  paymentId: string | null;
  document: InvoiceRecord | null;
  /** The refunds of the booking's payments (a refund may come before a number given late after a crash). */
  refunds: Array<{ paymentId: string; refundedAt: string }>;
  /**
   * The booking's earlier invoices, oldest first, each cancelled by its credit note when the booking moved to
   * another course (dated as the invoice that replaced it, `cancelledAt`); the fields above are the invoice in force.
   */
  replaced: Array<{ number: string; issuedAt: string; document: InvoiceRecord | null; cancelledAt: string }>;
}

/** The credit note's date: the refund of the payment the invoice was issued for, if any. */
export function creditNoteDateOf(invoice: Pick<InvoiceDocument, 'paymentId' | 'refunds'>): string | null {
  return invoice.refunds.find((refund) => refund.paymentId === invoice.paymentId)?.refundedAt ?? null;
}
