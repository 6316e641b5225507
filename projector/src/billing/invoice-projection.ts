import type { Projection } from '../projection';
import { INVOICES_COLLECTION, type InvoiceDocument } from './invoice-document';

type InvoiceFields = Pick<InvoiceDocument, '_id' | 'number' | 'issuedAt' | 'paymentId' | 'document' | 'refunds'>;

const empty = (bookingId: string): InvoiceFields => ({ _id: bookingId, number: null, issuedAt: null, paymentId: null, document: null, refunds: [] });

/** Invoices as issued, and their credit notes: what the invoice PDF prints, never the records as they are now. */
export const invoiceProjection: Projection<InvoiceDocument> = {
  name: 'invoices',
  version: 1,
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
        const { bookingId, number, issuedAt, paymentId, document } = event.data;
        return { ...(doc ?? empty(bookingId)), number, issuedAt, paymentId, document: document ?? doc?.document ?? null };
      }
      case 'InvoiceDocumentRecorded': {
        const current: InvoiceFields = doc ?? empty(event.data.bookingId);
        // The document an invoice was issued with stays: only one that has none gets one.
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
