import { streams, type EventMetadata } from '@recup/shared-events';
import type { CommandApiDeps } from '../deps';
import { handleCommand } from '../core/decider';
import { followUp } from '../core/metadata';
import { paymentDecider } from './payment-decider';

/**
 * Refunds a payment in full: the request is recorded first, then the provider is asked with a key per
 * payment (so asking twice never refunds twice), then the outcome is recorded. A provider failure leaves the
 * refund due, recorded as failed, to be tried again.
 */
export async function refundPayment(deps: Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock'>, paymentId: string, reason: string, metadata: EventMetadata) {
  const stream = streams.payment(paymentId);
  const requested = await handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RequestRefund', reason, now: deps.clock.now() }, { metadata });
  const payment = requested.state;
  if (payment.status === 'absent' || payment.status === 'REFUNDED') return { status: 'REFUNDED' as const, position: requested.position };
  const causedBy = followUp(metadata, requested.eventIds[0] ?? metadata.causationId, deps.clock.now());
  try {
    // A refund the provider already holds (an earlier attempt whose answer was lost) is not asked for again.
    const earlier = await deps.payments.findRefund(payment.providerIntentId);
    const usable = earlier && earlier.status !== 'failed' ? earlier : null;
    // The same key gives back the same refund, a failed one included: after a failure, a new attempt needs a new key.
    const idempotencyKey = payment.refundFailures === 0 ? `refund-${paymentId}` : `refund-${paymentId}-${payment.refundFailures}`;
    const refund = usable ?? (await deps.payments.refund({ paymentIntentId: payment.providerIntentId, amount: payment.amount, idempotencyKey }));
    if (refund.status === 'failed') throw new Error('the provider refused the refund');
    if (refund.status === 'pending') return { status: 'PENDING' as const, position: requested.position };
    const done = await handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RecordRefund', providerRefundId: refund.id, amount: refund.amount, now: deps.clock.now() }, { metadata: causedBy });
    return { status: 'REFUNDED' as const, position: done.position };
  } catch (error) {
    const failed = await handleCommand(deps.eventStore, stream, paymentDecider, {
      type: 'RecordRefundFailure', reason: error instanceof Error ? error.message : String(error), now: deps.clock.now(),
    }, { metadata: causedBy });
    return { status: 'PENDING' as const, position: failed.position };
  }
}
