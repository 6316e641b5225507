import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { RecordedDomainEvent } from '@recup/shared-events';
import { commandMetadata } from '../core/metadata';
import { refundPayment } from '../payments/refund-payment';
import type { Reactor } from './reactor';

const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * A refund that is due stays due until it is done: a refund the provider did not make is tried again,
 * after 1, 2, 4 … minutes (at most an hour apart). The provider's idempotency key makes a retry safe.
 */
export function refundKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock): Reactor {
  const due = new Map<string, { failures: number; nextAttemptAt: number; eventId: string }>();

  return {
    name: 'refund-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'PaymentRefundRequested':
          if (!due.has(event.data.paymentId)) due.set(event.data.paymentId, { failures: 0, nextAttemptAt: Date.parse(event.data.requestedAt) + FIRST_RETRY_MS, eventId: event.id });
          return;
        case 'PaymentRefundFailed': {
          const failures = (due.get(event.data.paymentId)?.failures ?? 0) + 1;
          const wait = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
          due.set(event.data.paymentId, { failures, nextAttemptAt: Date.parse(event.data.failedAt) + wait, eventId: event.id });
          return;
        }
        case 'PaymentRefunded':
          due.delete(event.data.paymentId);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const [paymentId, refund] of due) {
        if (refund.nextAttemptAt > now.getTime()) continue;
        // Until the outcome's event arrives, do not try this one again.
        due.set(paymentId, { ...refund, nextAttemptAt: Number.POSITIVE_INFINITY });
        const metadata = { ...commandMetadata({ type: 'system', name: 'refund-keeper' }, now), causationId: refund.eventId };
        await refundPayment({ eventStore, payments, clock }, paymentId, 'retry of a due refund', metadata);
      }
    },
  };
}
