import type { Projection } from '../projection';
import { PAYMENTS_COLLECTION, type PaymentDocument } from './payment-document';

export const paymentProjection: Projection<PaymentDocument> = {
  name: 'payments',
  // 4: top-ups (moveId) and partial refunds. 5: each refund dated (`refunds`).
  version: 5,
  collection: PAYMENTS_COLLECTION,
  indexes: [{ bookingId: 1 }, { userId: 1 }, { status: 1 }, { providerIntentId: 1 }],
  documentId: (event) => (event.streamName.startsWith('payment-') ? event.streamName.slice('payment-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'PaymentIntentCreated': {
        const { paymentId, moveId, ...payment } = event.data;
        return { _id: paymentId, ...payment, status: 'PENDING', succeededAt: null, cardBrand: null, cardLast4: null, lastError: null, refundDue: false, refundedAt: null, moveId: moveId ?? null, partiallyRefunded: 0, refunds: [] };
      }
      case 'PaymentSucceeded':
        return doc && { ...doc, status: 'SUCCEEDED', succeededAt: event.data.succeededAt, cardBrand: event.data.cardBrand, cardLast4: event.data.cardLast4, lastError: null };
      case 'PaymentRefundRequested':
        return doc && { ...doc, refundDue: true };
      case 'PaymentRefunded':
        return doc && { ...doc, status: 'REFUNDED', refundDue: false, refundedAt: event.data.refundedAt, refunds: [...(doc.refunds ?? []), { amount: event.data.amount, refundedAt: event.data.refundedAt }] };
      case 'PaymentPartiallyRefunded':
        return doc && { ...doc, partiallyRefunded: (doc.partiallyRefunded ?? 0) + event.data.amount, refunds: [...(doc.refunds ?? []), { amount: event.data.amount, refundedAt: event.data.refundedAt }] };
      case 'PaymentRefundFailed':
        return doc && { ...doc, lastError: { code: 'refund_failed', reason: event.data.reason } };
      case 'PaymentFailed':
        return doc && { ...doc, status: 'FAILED', lastError: { code: event.data.code, reason: event.data.reason } };
      // An attempt cancelled before it took money shows as failed: it paid nothing, and never will.
      case 'PaymentIntentCanceled':
        return doc && { ...doc, status: 'FAILED', lastError: { code: 'intent_canceled', reason: event.data.reason } };
      default:
        return doc;
    }
  },
};
