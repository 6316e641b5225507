import { streams, type EventMetadata } from '@recup/shared-events';
import type { ProviderIntent } from '@recup/infra/payments/port';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import type { CommandApiDeps } from '../deps';
import { settleSucceededIntent } from './pay-booking';
import { paymentDecider } from './payment-decider';
import { recordPartialRefundOutcome, recordRefundOutcome } from './refund-payment';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'payments' | 'seller'>;

type NoticeOutcome =
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'retry-later'; reason: string }
  | { outcome: 'applied'; position: number }
  | { outcome: 'unchanged'; position: number };

/**
 * The provider says that something happened to one of its payment intents. Whatever the notice said, the
 * intent is read again from the provider and the payment is brought to the state the provider holds now:
 * so a notice delivered twice, late or out of order changes the payment once, and only forward (the
 * deciders turn every repeat into no event).
 */
export async function reconcilePaymentIntent(deps: Deps, paymentIntentId: string, metadata: EventMetadata): Promise<NoticeOutcome> {
  const intent: ProviderIntent | null = await deps.payments.retrieveIntent(paymentIntentId);
  if (!intent) return { outcome: 'ignored', reason: 'unknown payment intent' };
  const { bookingId, paymentId } = intent.metadata;
  if (!bookingId || !paymentId) return { outcome: 'ignored', reason: 'not a booking payment' };
  const stream = streams.payment(paymentId);
  const payment = await readState(deps.eventStore, stream, paymentDecider);
  // The intent is created at Stripe just before our payment records it: a notice may come in between.
  if (payment.state.status === 'absent') return { outcome: 'retry-later', reason: 'the payment is not recorded yet' };
  if (payment.state.providerIntentId !== intent.id) return { outcome: 'ignored', reason: 'no payment for this intent' };
  const before = payment.position;
  const now = deps.clock.now();
  let position = before;

  if (intent.status === 'succeeded' && payment.state.status !== 'REFUNDED' && !payment.state.refundDue) {
    // Also repairs a payment recorded as succeeded whose booking confirmation or invoice number is missing.
    try {
      position = Math.max(position, (await settleSucceededIntent(deps, { bookingId, paymentId, intent }, metadata)).position);
    } catch (error) {
      // A rule said no (the booking's hold had run out, so the money went back): the notice is dealt with.
      if (!(error instanceof DomainError)) throw error;
    }
  } else if (intent.status === 'requires_payment_method' && intent.lastPaymentError && payment.state.status === 'PENDING') {
    const { code, declineCode, message } = intent.lastPaymentError;
    const failed = await handleCommand(deps.eventStore, stream, paymentDecider, {
      type: 'RecordPaymentFailure', providerIntentId: intent.id, code: declineCode ? `${code}/${declineCode}` : code, reason: message, now,
    }, { metadata });
    position = Math.max(position, failed.position);
  } else if (intent.status === 'canceled' && (payment.state.status === 'PENDING' || payment.state.status === 'FAILED')) {
    const canceled = await handleCommand(deps.eventStore, stream, paymentDecider, {
      type: 'RecordIntentCanceled', providerIntentId: intent.id, reason: 'cancelled at the payment provider', now,
    }, { metadata });
    position = Math.max(position, canceled.position);
  }

  const current = await readState(deps.eventStore, stream, paymentDecider);
  let last = current.position;
  if (current.state.status !== 'absent' && current.state.refundDue) {
    const refund = await deps.payments.findRefund(intent.id);
    const recorded = refund ? await recordRefundOutcome(deps, paymentId, refund, metadata) : null;
    if (recorded) last = Math.max(last, recorded.position);
  }
  // Parts given back (moves to cheaper courses) that the provider processed since.
  for (const [refundId, part] of current.state.status === 'absent' ? [] : Object.entries(current.state.partialRefunds)) {
    if (part.done) continue;
    const refund = await deps.payments.findRefund(intent.id, refundId);
    const recorded = refund ? await recordPartialRefundOutcome(deps, paymentId, refundId, refund, metadata) : null;
    if (recorded) last = Math.max(last, recorded.position);
  }
  return { outcome: last > before ? 'applied' : 'unchanged', position: Math.max(position, last) };
}
