import type { Projection } from '../projection';
import { INVOICES_COLLECTION, type InvoiceDocument } from './invoice-document';

type InvoiceFields = Pick<InvoiceDocument, '_id' | 'number' | 'issuedAt' | 'paymentId' | 'document' | 'refunds' | 'replaced'>;

const empty = (bookingId: string): InvoiceFields => ({ _id: bookingId, number: null, issuedAt: null, paymentId: null, document: null, refunds: [], replaced: [] });

/** Invoices as issued, and their credit notes: what the invoice PDF prints, never the records as they are now. */
export const invoiceProjection: Projection<InvoiceDocument> = {
  name: 'invoices',
  // 2: a moved booking's invoices: the one in force, and those it replaced.
  version: 2,
  collection: INVOICES_COLLECTION,
  indexes: [],
  documentId(event) {
    switch (event.type) {
      case 'InvoiceNumberAssigned':
      case 'InvoiceDocumentRecorded':
      case 'PaymentRefunded':
        return event.data.bookingId;
      default:
        return null;
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case 'InvoiceNumberAssigned': {
        const { bookingId, number, issuedAt, paymentId, document, replaces } = event.data;
        const current: InvoiceFields = doc ?? empty(bookingId);
        if (replaces && current.number && current.issuedAt) {
          // The booking moved: the invoice in force is cancelled by its credit note, dated as the one that replaces it.
          const cancelled = { number: current.number, issuedAt: current.issuedAt, document: current.document, cancelledAt: issuedAt };
          return { ...current, number, issuedAt, paymentId, document: document ?? null, replaced: [...current.replaced, cancelled] };
        }
        return { ...current, number, issuedAt, paymentId, document: document ?? current.document ?? null };
      }
      case 'InvoiceDocumentRecorded': {
        const current: InvoiceFields = doc ?? empty(event.data.bookingId);
        // The document an invoice was issued with stays: only one that has none gets one (the first invoice, maybe replaced since).
        if (current.number !== event.data.number) {
          return { ...current, replaced: current.replaced.map((old) => (old.number === event.data.number && !old.document ? { ...old, document: event.data.document } : old)) };
        }
        return current.document ? current : { ...current, document: event.data.document };
      }
      case 'PaymentRefunded': {
        const current: InvoiceFields = doc ?? empty(event.data.bookingId);
        if (current.refunds.some((refund) => refund.paymentId === event.data.paymentId)) return current;
        return { ...current, refunds: [...current.refunds, { paymentId: event.data.paymentId, refundedAt: event.data.refundedAt }] };
      }
      default:
        return doc;
    }
  },
};
