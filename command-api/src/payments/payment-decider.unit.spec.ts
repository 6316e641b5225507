import { describe, it } from 'vitest';
import type { PaymentEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { paymentDecider, type CreatePaymentIntent } from './payment-decider';
import { PartialRefundTooLarge, PaymentAlreadyExists, PaymentAmountMismatch, PaymentIntentMismatch, PaymentNotCancellable, PaymentNotFound, PaymentNotRefundable } from './payment-errors';

const spec = specFor(paymentDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const create: CreatePaymentIntent = { type: 'CreatePaymentIntent', paymentId: 'p1', bookingId: 'b1', userId: 'u1', amount: 22_000, bookingPrice: 22_000, provider: 'test', providerIntentId: 'pi_1', now };
const created: PaymentEvent = { type: 'PaymentIntentCreated', data: { paymentId: 'p1', bookingId: 'b1', userId: 'u1', amount: 22_000, currency: 'EUR', provider: 'test', providerIntentId: 'pi_1', createdAt: now.toISOString() } };
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: { paymentId: 'p1', bookingId: 'b1', providerIntentId: 'pi_1', amount: 22_000, cardBrand: 'visa', cardLast4: '4242', succeededAt: now.toISOString() } };
const failed: PaymentEvent = { type: 'PaymentFailed', data: { paymentId: 'p1', bookingId: 'b1', providerIntentId: 'pi_1', code: 'card_declined', reason: 'Your card was declined.', failedAt: now.toISOString() } };
const success = { type: 'RecordPaymentSuccess' as const, providerIntentId: 'pi_1', amount: 22_000, card: { brand: 'visa', last4: '4242' }, now };

describe('payment', () => {
  describe('when it does not exist', () => {
    it('records an intent for the price of the booking', () => {
      spec([]).when(create).then([created]);
    });
    it('refuses an amount that differs from the booking price', () => {
      spec([]).when({ ...create, amount: 100 }).thenThrows(PaymentAmountMismatch);
    });
    it('cannot succeed', () => {
      spec([]).when(success).thenThrows(PaymentNotFound);
    });
  });

  describe('when its intent is PENDING', () => {
    it('changes nothing when the same intent is recorded again', () => {
      spec([created]).when(create).thenNothingHappens();
    });
    it('refuses another intent', () => {
      spec([created]).when({ ...create, providerIntentId: 'pi_2' }).thenThrows(PaymentAlreadyExists);
    });
    it('succeeds for its own intent and amount', () => {
      spec([created]).when(success).then([succeeded]);
    });
    it('refuses a success reported for another intent', () => {
      spec([created]).when({ ...success, providerIntentId: 'pi_other' }).thenThrows(PaymentIntentMismatch);
    });
    it('refuses a success for another amount', () => {
      spec([created]).when({ ...success, amount: 1 }).thenThrows(PaymentAmountMismatch);
    });
    it('records a declined attempt', () => {
      spec([created]).when({ type: 'RecordPaymentFailure', providerIntentId: 'pi_1', code: 'card_declined', reason: 'Your card was declined.', now }).then([failed]);
    });
  });

  describe('when an attempt FAILED', () => {
    it('may still succeed on the same intent with another card', () => {
      spec([created, failed]).when(success).then([succeeded]);
    });
  });

  describe('when it SUCCEEDED', () => {
    it('changes nothing when the success is reported again', () => {
      spec([created, succeeded]).when(success).thenNothingHappens();
    });
    it('ignores a failure reported late', () => {
      spec([created, succeeded]).when({ type: 'RecordPaymentFailure', providerIntentId: 'pi_1', code: 'card_declined', reason: 'late', now }).thenNothingHappens();
    });
  });
});

describe('refunds', () => {
  const requested: PaymentEvent = { type: 'PaymentRefundRequested', data: { paymentId: 'p1', bookingId: 'b1', amount: 22_000, reason: 'cancelled', requestedAt: now.toISOString() } };
  const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { paymentId: 'p1', bookingId: 'b1', amount: 22_000, providerRefundId: 're_1', refundedAt: now.toISOString() } };
  const request = { type: 'RequestRefund' as const, reason: 'cancelled', now };
  const done = { type: 'RecordRefund' as const, providerRefundId: 're_1', amount: 22_000, now };

  it('are requested for a SUCCEEDED payment', () => spec([created, succeeded]).when(request).then([requested]));
  it('are refused for a payment that never succeeded', () => spec([created, failed]).when(request).thenThrows(PaymentNotRefundable));
  it('are requested once', () => spec([created, succeeded, requested]).when(request).thenNothingHappens());
  it('complete in full', () => spec([created, succeeded, requested]).when(done).then([refunded]));
  it('happen once: a second report changes nothing, a second request neither', () => {
    spec([created, succeeded, requested, refunded]).when(done).thenNothingHappens();
    spec([created, succeeded, requested, refunded]).when(request).thenNothingHappens();
  });
  it('are not recorded without a request', () => spec([created, succeeded]).when(done).thenThrows(PaymentNotRefundable));
  it('record a failure while still due, and nothing once done', () => {
    spec([created, succeeded, requested]).when({ type: 'RecordRefundFailure', reason: 'provider down', providerRefundId: null, now }).then([{ type: 'PaymentRefundFailed', data: { paymentId: 'p1', bookingId: 'b1', reason: 'provider down', failedAt: now.toISOString() } }]);
    spec([created, succeeded, requested, refunded]).when({ type: 'RecordRefundFailure', reason: 'late', providerRefundId: null, now }).thenNothingHappens();
  });
  it('record a failed provider refund once, however often it is reported', () => {
    const failedRefund: PaymentEvent = { type: 'PaymentRefundFailed', data: { paymentId: 'p1', bookingId: 'b1', reason: 'failed', failedAt: now.toISOString(), providerRefundId: 're_1' } };
    spec([created, succeeded, requested]).when({ type: 'RecordRefundFailure', reason: 'failed', providerRefundId: 're_1', now }).then([failedRefund]);
    spec([created, succeeded, requested, failedRefund]).when({ type: 'RecordRefundFailure', reason: 'failed', providerRefundId: 're_1', now }).thenNothingHappens();
    spec([created, succeeded, requested, failedRefund]).when({ type: 'RecordRefundFailure', reason: 'failed', providerRefundId: 're_2', now }).then([{ ...failedRefund, data: { ...failedRefund.data, providerRefundId: 're_2' } }]);
  });
});

describe('a cancelled intent', () => {
  const cancel = { type: 'RecordIntentCanceled' as const, providerIntentId: 'pi_1', reason: 'replaced by a new attempt', now };
  const canceled: PaymentEvent = { type: 'PaymentIntentCanceled', data: { paymentId: 'p1', bookingId: 'b1', providerIntentId: 'pi_1', reason: 'replaced by a new attempt', canceledAt: now.toISOString() } };
  it('is recorded for an attempt waiting for a card or a challenge, once', () => {
    spec([created]).when(cancel).then([canceled]);
    spec([created, failed]).when(cancel).then([canceled]);
    spec([created, canceled]).when(cancel).thenNothingHappens();
  });
  it('never undoes money taken: a succeeded payment is refunded, not cancelled', () => spec([created, succeeded]).when(cancel).thenThrows(PaymentNotCancellable));
  it('still records money that lands on it anyway (to refund it), and no later decline', () => {
    spec([created, canceled]).when(success).then([succeeded]);
    spec([created, canceled]).when({ type: 'RecordPaymentFailure', providerIntentId: 'pi_1', code: 'card_declined', reason: 'late', now }).thenNothingHappens();
  });
  it('belongs to its own intent only', () => spec([created]).when({ ...cancel, providerIntentId: 'pi_2' }).thenThrows(PaymentIntentMismatch));
});

describe('a decline', () => {
  const decline = { type: 'RecordPaymentFailure' as const, providerIntentId: 'pi_1', code: 'card_declined', reason: 'Your card was declined.', now };
  it('reported again (the browser, then the provider’s notice) is recorded once; another decline is recorded', () => {
    spec([created, failed]).when(decline).thenNothingHappens();
    spec([created, failed]).when({ ...decline, code: 'expired_card', reason: 'Your card has expired.' }).then([{ type: 'PaymentFailed', data: { ...failed.data, code: 'expired_card', reason: 'Your card has expired.' } } as PaymentEvent]);
  });
});

describe('a top-up (the difference of a move to a dearer course)', () => {
  it('is a payment of the difference only, naming its move', () =>
    spec([]).when({ ...create, paymentId: 'p2', amount: 5_000, bookingPrice: 5_000, moveId: 'm1' })
      .then([{ type: 'PaymentIntentCreated', data: { paymentId: 'p2', bookingId: 'b1', userId: 'u1', amount: 5_000, currency: 'EUR', provider: 'test', providerIntentId: 'pi_1', createdAt: now.toISOString(), moveId: 'm1' } }]));
  it('refuses another amount than the difference', () => spec([]).when({ ...create, amount: 22_000, bookingPrice: 5_000, moveId: 'm1' }).thenThrows(PaymentAmountMismatch));
});

describe('partial refunds (the difference of a move to a cheaper course)', () => {
  const part = { type: 'RequestPartialRefund' as const, refundId: 'move-e1', amount: 4_000, reason: 'moved to a cheaper course', now };
  const partRequested: PaymentEvent = { type: 'PaymentPartialRefundRequested', data: { paymentId: 'p1', bookingId: 'b1', refundId: 'move-e1', amount: 4_000, reason: 'moved to a cheaper course', requestedAt: now.toISOString() } };
  const partDone: PaymentEvent = { type: 'PaymentPartiallyRefunded', data: { paymentId: 'p1', bookingId: 'b1', refundId: 'move-e1', amount: 4_000, providerRefundId: 're_p', refundedAt: now.toISOString() } };
  const recordPart = { type: 'RecordPartialRefund' as const, refundId: 'move-e1', providerRefundId: 're_p', amount: 4_000, now };
  it('give back part of a succeeded payment, once per refund id', () => {
    spec([created, succeeded]).when(part).then([partRequested]);
    spec([created, succeeded, partRequested]).when(part).thenNothingHappens();
  });
  it('complete once, with the amount asked', () => {
    spec([created, succeeded, partRequested]).when(recordPart).then([partDone]);
    spec([created, succeeded, partRequested, partDone]).when(recordPart).thenNothingHappens();
    spec([created, succeeded, partRequested]).when({ ...recordPart, amount: 22_000 }).thenThrows(PaymentAmountMismatch);
  });
  it('never give back more than the payment holds', () => {
    spec([created, succeeded]).when({ ...part, amount: 22_001 }).thenThrows(PartialRefundTooLarge);
    spec([created, succeeded, partRequested]).when({ ...part, refundId: 'move-e2', amount: 18_001 }).thenThrows(PartialRefundTooLarge);
  });
  it('are not asked of a payment that took no money, nor of one refunded in full', () => {
    spec([created]).when(part).thenThrows(PaymentNotRefundable);
    const all: PaymentEvent = { type: 'PaymentRefundRequested', data: { paymentId: 'p1', bookingId: 'b1', amount: 22_000, reason: 'cancelled', requestedAt: now.toISOString() } };
    spec([created, succeeded, all]).when(part).thenNothingHappens();
  });
  it('leave the rest to a later full refund, which gives back only what the payment still holds', () => {
    const rest: PaymentEvent = { type: 'PaymentRefundRequested', data: { paymentId: 'p1', bookingId: 'b1', amount: 18_000, reason: 'cancelled', requestedAt: now.toISOString() } };
    spec([created, succeeded, partRequested, partDone]).when({ type: 'RequestRefund', reason: 'cancelled', now }).then([rest]);
    spec([created, succeeded, partRequested, partDone, rest]).when({ type: 'RecordRefund', providerRefundId: 're_f', amount: 18_000, now })
      .then([{ type: 'PaymentRefunded', data: { paymentId: 'p1', bookingId: 'b1', amount: 18_000, providerRefundId: 're_f', refundedAt: now.toISOString() } }]);
  });
  it('leave nothing to refund once every cent was given back in parts', () =>
    spec([created, succeeded, { ...partRequested, data: { ...partRequested.data, amount: 22_000 } } as PaymentEvent]).when({ type: 'RequestRefund', reason: 'cancelled', now }).thenNothingHappens());
  it('record a failed attempt once per provider refund, and nothing once done', () => {
    const failure = { type: 'RecordPartialRefundFailure' as const, refundId: 'move-e1', reason: 'declined', providerRefundId: 're_x', now };
    const failedPart: PaymentEvent = { type: 'PaymentPartialRefundFailed', data: { paymentId: 'p1', bookingId: 'b1', refundId: 'move-e1', reason: 'declined', failedAt: now.toISOString(), providerRefundId: 're_x' } };
    spec([created, succeeded, partRequested]).when(failure).then([failedPart]);
    spec([created, succeeded, partRequested, failedPart]).when(failure).thenNothingHappens();
    spec([created, succeeded, partRequested, partDone]).when(failure).thenNothingHappens();
  });
});
