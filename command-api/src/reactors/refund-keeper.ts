import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { cancelForRefund } from '../bookings/manage-booking';
import { paymentDecider } from '../payments/payment-decider';
import { refundPart, refundPayment } from '../payments/refund-payment';
import { paymentsKept } from '../bookings/booking';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/** 1, 2, 4 … minutes after the last failure, at most an hour. */
const refundRetryDelay = (failures: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);

type RefundDuty = { eventId: string; refundId?: string; amount?: number };

/**
 * A refund that is due stays due until it is done:
 * - a cancellation that made a refund due is followed by the refund, even when the process died between
 *   the two (the refund is asked for a minute later if nobody did);
 * - a refund the provider did not make, or still processes, is asked about again after 1, 2, 4 … minutes (at
 *   most an hour apart). The provider's idempotency key makes every retry safe;
 * - a refund asked for the payment a CONFIRMED booking kept cancels that booking and frees its seat, whoever
 *   asked for it and whatever stopped the process that asked before it got there;
 * - a cancellation refunds every payment the booking kept (its own, and the differences paid for moves);
 * - a part of a payment asked back (the difference of a move to a cheaper course) is given back likewise.
 * Its work list is kept in the processor store, so that a restart from a stored checkpoint resumes it.
 */
export function refundKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { duties: DutyStore; logger?: Logger }): Reactor {
  const duties = new Duties<RefundDuty>(options.duties, 'refund-keeper');

  async function failuresOf(paymentId: string) {
    const payment = await readState(eventStore, streams.payment(paymentId), paymentDecider);
    return payment.state.status === 'absent' ? 0 : payment.state.refundFailures;
  }

  async function partFailuresOf(paymentId: string, refundId: string) {
    const payment = await readState(eventStore, streams.payment(paymentId), paymentDecider);
    return payment.state.status === 'absent' ? 0 : (payment.state.partialRefunds[refundId]?.failures ?? 0);
  }

  /** A part of a payment asked back, asked of the provider again until it is done. */
  async function sweepPart(key: string, duty: RefundDuty, now: Date) {
    const [, paymentId = ''] = key.split(':');
    const refundId = duty.refundId ?? '';
    await duties.reschedule(key, now.getTime() + refundRetryDelay((await partFailuresOf(paymentId, refundId)) + 1));
    try {
      const metadata = { ...commandMetadata({ type: 'system', name: 'refund-keeper' }, now), causationId: duty.eventId };
      const outcome = await refundPart({ eventStore, payments, clock }, paymentId, { refundId, amount: duty.amount ?? 0, reason: 'refund due' }, metadata);
      if (outcome.status === 'REFUNDED') await duties.remove(key);
    } catch (error) {
      if (error instanceof DomainError) await duties.remove(key);
      options.logger?.error(`refund-keeper: the partial refund ${refundId} of ${paymentId} failed${error instanceof DomainError ? '' : ', tried again later'}`, error);
    }
  }

  return {
    name: 'refund-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'BookingCancelled': {
          if (!event.data.refundDue) return;
          const booking = await readState(eventStore, event.streamName, bookingDecider);
          if (booking.state.status === 'absent' || !booking.state.paidBy) return;
          for (const paymentId of paymentsKept(booking.state)) await duties.add(`refund:${paymentId}`, Date.parse(event.data.cancelledAt) + FIRST_RETRY_MS, { eventId: event.id });
          return;
        }
        case 'PaymentPartialRefundRequested': {
          const { paymentId, refundId, amount } = event.data;
          await duties.add(`part:${paymentId}:${refundId}`, Date.parse(event.data.requestedAt) + FIRST_RETRY_MS, { eventId: event.id, refundId, amount });
          return;
        }
        case 'PaymentPartialRefundFailed': {
          const key = `part:${event.data.paymentId}:${event.data.refundId}`;
          const duty = await duties.get(key);
          if (duty) await duties.reschedule(key, Date.parse(event.data.failedAt) + refundRetryDelay(await partFailuresOf(event.data.paymentId, event.data.refundId)));
          return;
        }
        case 'PaymentPartiallyRefunded':
          await duties.remove(`part:${event.data.paymentId}:${event.data.refundId}`);
          return;
        case 'PaymentRefundRequested': {
          await duties.add(`refund:${event.data.paymentId}`, Date.parse(event.data.requestedAt) + FIRST_RETRY_MS, { eventId: event.id });
          const actor = event.metadata.actor;
          const metadata = { ...commandMetadata({ type: 'system', name: 'refund-keeper' }, clock.now(), event.metadata.correlationId), causationId: event.id };
          try {
            await cancelForRefund({ eventStore, clock }, event.data, actor.type === 'user' ? actor.userId : null, metadata);
          } catch (error) {
            // The booking's history says there is nothing to cancel: nothing will change that.
            if (!(error instanceof DomainError)) throw error;
          }
          return;
        }
        case 'PaymentRefundFailed':
          await duties.put(`refund:${event.data.paymentId}`, Date.parse(event.data.failedAt) + refundRetryDelay(await failuresOf(event.data.paymentId)), { eventId: event.id });
          return;
        case 'PaymentRefunded':
          await duties.remove(`refund:${event.data.paymentId}`);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        if (duty.key.startsWith('part:')) {
          await sweepPart(duty.key, duty.data, now);
          continue;
        }
        const paymentId = duty.key.slice('refund:'.length);
        // Until an outcome is known, asked about again later; the outcome's event may set another time.
        await duties.reschedule(duty.key, now.getTime() + refundRetryDelay((await failuresOf(paymentId)) + 1));
        try {
          const metadata = { ...commandMetadata({ type: 'system', name: 'refund-keeper' }, now), causationId: duty.data.eventId };
          const outcome = await refundPayment({ eventStore, payments, clock }, paymentId, 'refund due', metadata);
          if (outcome.status === 'REFUNDED') await duties.remove(duty.key);
        } catch (error) {
          // A rule says there is nothing to refund (the payment never took money): nothing will change that.
          if (error instanceof DomainError) await duties.remove(duty.key);
          options.logger?.error(`refund-keeper: the refund of ${paymentId} failed${error instanceof DomainError ? '' : ', tried again later'}`, error);
        }
      }
    },
  };
}
