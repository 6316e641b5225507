import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import type { RecordedDomainEvent } from '@recup/shared-events';
import { commandMetadata } from '../core/metadata';
import { reconcilePayment } from '../payments/reconcile-payment';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** A payment that took money is normally settled by the same request: the reconciler looks after this long. */
const SETTLE_GRACE_MS = 30_000;
/**
 * An attempt a card may still pay is asked about every 5 minutes: only while its booking awaits it (the hold,
 * 30 minutes by default) or while the provider processes it, so a few times per attempt.
 */
const CHECK_EVERY_MS = 5 * 60_000;
const RETRY_MS = 60_000;

type PaymentDuty = { bookingId: string; checks: number };

/**
 * Every charge the provider holds ends in a confirmed booking or a refund. This reactor lists every payment
 * that is not settled (an intent a card may pay, money taken that its booking has not yet kept or refused)
 * and asks the payment port about each until it is: it does not rely on the browser calling back nor on
 * Stripe's webhook. When a booking stops awaiting payment (expired, deleted, cancelled, confirmed) its
 * open attempts are looked at at once, and cancelled at the provider so no charge can land on them.
 * Its work list is kept in the processor store, so that a restart from a stored checkpoint resumes it.
 */
export function paymentReconciler(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { duties: DutyStore; logger?: Logger; seller: SellerIdentity }): Reactor {
  const duties = new Duties<PaymentDuty>(options.duties, 'payment-reconciler');
  const deps = { eventStore, payments, clock, ids: { next: () => crypto.randomUUID() }, seller: options.seller };

  /** The booking's attempts are looked at soon: what they may still do has changed. */
  async function bookingEnded(bookingId: string, at: string) {
    for (const duty of await duties.where('bookingId', bookingId)) {
      const soon = Date.parse(at) + SETTLE_GRACE_MS;
      if (duty.dueAt > soon) await duties.reschedule(duty.key, soon);
    }
  }

  return {
    name: 'payment-reconciler',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'PaymentIntentCreated':
          await duties.add(`payment:${event.data.paymentId}`, Date.parse(event.data.createdAt) + CHECK_EVERY_MS, { bookingId: event.data.bookingId, checks: 0 });
          return;
        case 'PaymentSucceeded':
          await duties.put(`payment:${event.data.paymentId}`, Date.parse(event.data.succeededAt) + SETTLE_GRACE_MS, { bookingId: event.data.bookingId, checks: 0 });
          return;
        case 'InvoiceNumberAssigned':
        case 'PaymentIntentCanceled':
        case 'PaymentRefundRequested':
        case 'PaymentRefunded':
          await duties.remove(`payment:${event.data.paymentId}`);
          return;
        case 'BookingConfirmed':
        case 'BookingPaid':
        case 'BookingPaidAtCentre':
        case 'BookingCancelled':
        case 'BookingExpired':
        case 'BookingDeleted':
        case 'BookingMoved':
        case 'BookingMoveAbandoned':
          // Also a move whose difference an attempt was to pay, completed or abandoned: that attempt may pay nothing more.
          await bookingEnded(event.data.bookingId, event.metadata.occurredAt);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        const paymentId = duty.key.slice('payment:'.length);
        try {
          const metadata = { ...commandMetadata({ type: 'system', name: 'payment-reconciler' }, now), causationId: `reconcile:${paymentId}` };
          const outcome = await reconcilePayment(deps, paymentId, metadata);
          if (outcome === 'settled') {
            await duties.remove(duty.key);
            continue;
          }
          await duties.put(duty.key, now.getTime() + CHECK_EVERY_MS, { ...duty.data, checks: duty.data.checks + 1 });
        } catch (error) {
          options.logger?.error(`payment-reconciler: ${paymentId} could not be reconciled, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
