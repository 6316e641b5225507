import { streams, type EventMetadata } from '@recup/shared-events';
import type { ProviderRefund } from '@recup/infra/payments/port';
import type { CommandApiDeps } from '../deps';
import { handleCommand } from '../core/decider';
import { followUp } from '../core/metadata';
import { amountLeft } from './payment';
import { paymentDecider } from './payment-decider';

/**
 * Refunds a payment in full (all it still holds, less the parts given back before): the request is recorded first, then the provider is asked with a key per
 * payment (so asking twice never refunds twice), then the outcome is recorded. A provider failure leaves the
 * refund due, recorded as failed, to be tried again.
 */
export async function refundPayment(deps: Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock'>, paymentId: string, reason: string, metadata: EventMetadata) {
  const stream = streams.payment(paymentId);
  const requested = await handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RequestRefund', reason, now: deps.clock.now() }, { metadata });
  const payment = requested.state;
  if (payment.status === 'absent' || payment.status === 'REFUNDED') return { status: 'REFUNDED' as const, position: requested.position };
  // Every cent of it was already asked back in parts: nothing is left to refund.
  if (!payment.refundDue && amountLeft(payment) === 0) return { status: 'REFUNDED' as const, position: requested.position };
  const causedBy = followUp(metadata, requested.eventIds[0] ?? metadata.causationId, deps.clock.now());
  try {
    // A refund the provider already holds (an earlier attempt whose answer was lost) is not asked for again.
    const earlier = await deps.payments.findRefund(payment.providerIntentId);
    const usable = earlier && earlier.status !== 'failed' ? earlier : null;
    // The same key gives back the same refund, a failed one included: after a failure, a new attempt needs a new key.
    const idempotencyKey = payment.refundFailures === 0 ? `refund-${paymentId}` : `refund-${paymentId}-${payment.refundFailures}`;
    const refund = usable ?? (await deps.payments.refund({ paymentIntentId: payment.providerIntentId, amount: amountLeft(payment), idempotencyKey }));
    const recorded = await recordRefundOutcome(deps, paymentId, refund, causedBy);
    return { status: refund.status === 'succeeded' ? ('REFUNDED' as const) : ('PENDING' as const), position: recorded?.position ?? requested.position };
  } catch (error) {
    const failed = await handleCommand(deps.eventStore, stream, paymentDecider, {
      type: 'RecordRefundFailure', reason: error instanceof Error ? error.message : String(error), providerRefundId: null, now: deps.clock.now(),
    }, { metadata: causedBy });
    return { status: 'PENDING' as const, position: failed.position };
  }
}

/** Records what the provider says of a payment's refund: done, or failed (so due again); pending changes nothing yet. */
export async function recordRefundOutcome(deps: Pick<CommandApiDeps, 'eventStore' | 'clock'>, paymentId: string, refund: ProviderRefund, metadata: EventMetadata) {
  const stream = streams.payment(paymentId);
  const now = deps.clock.now();
  if (refund.status === 'succeeded') {
    return handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RecordRefund', providerRefundId: refund.id, amount: refund.amount, now }, { metadata });
  }
  if (refund.status === 'failed') {
    return handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RecordRefundFailure', reason: 'the provider reports the refund failed', providerRefundId: refund.id, now }, { metadata });
  }
  return null;
}

/**
 * Gives back `amount` of a payment its booking keeps for the rest (the difference of a move to a cheaper course),
 * named `refundId` for good: asked again (a retry, a crash in between), it is asked of the provider with the same
 * key, or found there by its reference, and never given twice. A provider failure leaves it due, to be tried again.
 */
export async function refundPart(
  deps: Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock'>, paymentId: string, part: { refundId: string; amount: number; reason: string }, metadata: EventMetadata,
) {
  const stream = streams.payment(paymentId);
  const requested = await handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RequestPartialRefund', ...part, now: deps.clock.now() }, { metadata });
  const payment = requested.state;
  const asked = payment.status === 'absent' ? undefined : payment.partialRefunds[part.refundId];
  // Not asked (refunded in full meanwhile, nothing to give), or given back already.
  if (payment.status === 'absent' || !asked || asked.done) return { status: 'REFUNDED' as const, position: requested.position };
  const causedBy = followUp(metadata, requested.eventIds[0] ?? metadata.causationId, deps.clock.now());
  try {
    const earlier = await deps.payments.findRefund(payment.providerIntentId, part.refundId);
    const usable = earlier && earlier.status !== 'failed' ? earlier : null;
    const idempotencyKey = asked.failures === 0 ? `refund-${paymentId}-${part.refundId}` : `refund-${paymentId}-${part.refundId}-${asked.failures}`;
    const refund = usable ?? (await deps.payments.refund({ paymentIntentId: payment.providerIntentId, amount: asked.amount, idempotencyKey, reference: part.refundId }));
    const recorded = await recordPartialRefundOutcome(deps, paymentId, part.refundId, refund, causedBy);
    return { status: refund.status === 'succeeded' ? ('REFUNDED' as const) : ('PENDING' as const), position: recorded?.position ?? requested.position };
  } catch (error) {
    const failed = await handleCommand(deps.eventStore, stream, paymentDecider, {
      type: 'RecordPartialRefundFailure', refundId: part.refundId, reason: error instanceof Error ? error.message : String(error), providerRefundId: null, now: deps.clock.now(),
    }, { metadata: causedBy });
    return { status: 'PENDING' as const, position: failed.position };
  }
}

/** Records what the provider says of a part given back: done, or failed (so due again); pending changes nothing yet. */
export async function recordPartialRefundOutcome(deps: Pick<CommandApiDeps, 'eventStore' | 'clock'>, paymentId: string, refundId: string, refund: ProviderRefund, metadata: EventMetadata) {
  const stream = streams.payment(paymentId);
  const now = deps.clock.now();
  if (refund.status === 'succeeded') {
    return handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RecordPartialRefund', refundId, providerRefundId: refund.id, amount: refund.amount, now }, { metadata });
  }
  if (refund.status === 'failed') {
    return handleCommand(deps.eventStore, stream, paymentDecider, { type: 'RecordPartialRefundFailure', refundId, reason: 'the provider reports the refund failed', providerRefundId: refund.id, now }, { metadata });
  }
  return null;
}
