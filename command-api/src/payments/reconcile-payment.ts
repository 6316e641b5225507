import { streams, type EventMetadata } from '@recup/shared-events';
import { readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { bookingDecider } from '../bookings/booking-decider';
import { cancelAttempt, ignoreRuleBroken, paidIntent, settleSucceededIntent } from './pay-booking';
import { paymentDecider } from './payment-decider';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock' | 'ids' | 'payments' | 'seller'>;

/**
 * Settled: the payment's money is kept by its booking (confirmed, invoice numbered) or refunded, or its
 * intent was cancelled before any money was taken. Open: a card may still pay it (the booking awaits it).
 */
type Reconciliation = 'settled' | 'open';

/**
 * Asks the provider about one payment that is not settled and brings it to an end when it can: money taken
 * (reported or not) is settled, the booking keeping it or refunding it; an attempt nothing may pay any more
 * (its booking expired, was deleted, cancelled, confirmed otherwise, or moved to another attempt; the move whose
 * difference it was to pay completed or was abandoned) is
 * cancelled at the provider so that no charge can land on it. Idempotent: a repeat finds it settled.
 */
export async function reconcilePayment(deps: Deps, paymentId: string, metadata: EventMetadata): Promise<Reconciliation> {
  const payment = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
  const state = payment.state;
  if (state.status === 'absent' || state.status === 'CANCELED' || state.status === 'REFUNDED' || state.refundDue) return 'settled';
  const intent = await deps.payments.retrieveIntent(state.providerIntentId);
  if (state.status === 'SUCCEEDED' || intent?.status === 'succeeded') {
    const paid = intent?.status === 'succeeded' ? intent : paidIntent(state);
    await settleSucceededIntent(deps, { bookingId: state.bookingId, paymentId, intent: paid }, metadata).catch(ignoreRuleBroken);
    return 'settled';
  }
  if (intent?.status === 'processing') return 'open';
  const booking = await readState(deps.eventStore, streams.booking(state.bookingId), bookingDecider);
  // The booking still awaits this attempt (once its hold elapses, the spot keeper expires it and asks again); or
  // the move it waits to pay for does (once that hold elapses, the move keeper abandons the move and asks again).
  if (booking.state.status === 'PENDING' && booking.state.paymentId === paymentId) return 'open';
  if (booking.state.status === 'CONFIRMED' && booking.state.pendingMove?.paymentId === paymentId) return 'open';
  const outcome = await cancelAttempt(deps, { bookingId: state.bookingId, paymentId, providerIntentId: state.providerIntentId, intent }, 'the booking no longer awaits this payment', metadata);
  return outcome === 'processing' ? 'open' : 'settled';
}
