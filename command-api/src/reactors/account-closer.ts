import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { cancelBooking, deleteBooking } from '../bookings/manage-booking';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** Never due: an entry of the index of active bookings, not a duty in itself. */
const NEVER = Number.MAX_SAFE_INTEGER;
const RETRY_MS = 60_000;

type Entry = { userId?: string; by?: string; eventId?: string };

/**
 * Deleting an account never erases history (ARCHITECTURE, "Where the specs give two readings"): it cancels
 * what is active. Once a user is deleted, each of their active bookings goes: a paid one is cancelled as an
 * administrator cancels (its money refunded in full, its spot released), an unpaid one is deleted (its
 * spot released, its open payment cancelled by the reconciliation). The index of active bookings per
 * learner and the accounts still to close are kept in the processor store, so a restart resumes the work.
 */
export function accountCloser(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { duties: DutyStore; logger?: Logger; refundCutoffHours?: number; seller: SellerIdentity }): Reactor {
  const duties = new Duties<Entry>(options.duties, 'account-closer');
  const deps = { eventStore, payments, clock, ids: { next: () => crypto.randomUUID() }, refundCutoffHours: options.refundCutoffHours, seller: options.seller };

  /** Ends every active booking of the user; true once none is left. */
  async function close(userId: string, by: string, eventId: string, now: Date): Promise<boolean> {
    let done = true;
    for (const entry of await duties.where('userId', userId)) {
      const bookingId = entry.key.slice('active:'.length);
      const metadata = { ...commandMetadata({ type: 'system', name: 'account-closer' }, now), causationId: eventId };
      try {
        const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
        if (booking.state.status === 'PENDING') await deleteBooking(deps, bookingId, by, metadata);
        else if (booking.state.status === 'CONFIRMED') await cancelBooking(deps, bookingId, { userId: by, role: 'ADMIN' }, metadata);
        await duties.remove(entry.key);
      } catch (error) {
        // A booking paid meanwhile is not pending any more: the next round cancels it.
        if (!(error instanceof DomainError)) options.logger?.error(`account-closer: booking ${bookingId} of deleted user ${userId} not closed yet`, error);
        done = false;
      }
    }
    return done;
  }

  return {
    name: 'account-closer',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'BookingPlaced':
          await duties.put(`active:${event.data.bookingId}`, NEVER, { userId: event.data.userId });
          return;
        case 'BookingCancelled':
        case 'BookingExpired':
        case 'BookingDeleted':
        case 'BookingCompleted':
          await duties.remove(`active:${event.data.bookingId}`);
          return;
        case 'UserDeleted': {
          const actor = event.metadata.actor;
          const by = actor.type === 'user' ? actor.userId : event.data.userId;
          await duties.put(`close:${event.data.userId}`, Date.parse(event.data.deletedAt), { by, eventId: event.id });
          // At once, not at the next sweep; whatever is left (a provider down) stays due.
          if (await close(event.data.userId, by, event.id, clock.now())) await duties.remove(`close:${event.data.userId}`);
          return;
        }
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        const userId = duty.key.slice('close:'.length);
        if (await close(userId, duty.data.by ?? userId, duty.data.eventId ?? `close:${userId}`, now)) await duties.remove(duty.key);
        else await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
      }
    },
  };
}
