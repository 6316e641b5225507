import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { finishMove, holds, releaseUnheld } from '../bookings/move-booking';
import { reconcileBookingPayment } from '../payments/pay-booking';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** How long a command may take to finish its own steps before the keeper takes what is left for the leftover of a crash. */
const MOVE_GRACE_MS = 2 * 60_000;
const RETRY_MS = 60_000;

type MoveDuty = { bookingId: string; courseId?: string; moveId?: string; eventId: string };

/**
 * Finishes every move of a booking to another date that a crash left half-done (ARCHITECTURE, "Processes across
 * streams"), so that a booking never holds two places, nor none, for long:
 * - a place reserved for a move the booking never recorded (a crash between the two appends), or for a move that
 *   ended (abandoned, replaced, the booking cancelled), is released;
 * - a booking that moved has its old place released, the difference of a cheaper course refunded and its invoice
 *   issued (each step idempotent: what the command did already is not done again);
 * - a move waiting for its difference is abandoned once its hold elapses unpaid, and its held place released;
 *   money the provider took meanwhile completes it instead.
 * Its work list is kept in the processor store beside its checkpoint (durable duties), so a restart resumes it.
 */
export function moveKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { duties: DutyStore; logger?: Logger; seller: SellerIdentity }): Reactor {
  const duties = new Duties<MoveDuty>(options.duties, 'move-keeper');
  const deps = { eventStore, payments, clock, ids: { next: () => crypto.randomUUID() }, seller: options.seller };
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'move-keeper' }, now), causationId });

  /** A step refused by the stream's real state came too late: nothing to force. */
  async function quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  async function run(duty: { key: string; data: MoveDuty }, now: Date) {
    const kind = duty.key.slice(0, duty.key.indexOf(':'));
    const { bookingId, eventId } = duty.data;
    if (kind === 'finish') {
      await finishMove(deps, bookingId, eventId, metadata(eventId, now));
    } else if (kind === 'hold') {
      await reconcileBookingPayment(deps, bookingId, metadata(eventId, now));
      await quietly(() => handleCommand(eventStore, streams.booking(bookingId), bookingDecider, { type: 'AbandonMove', bookingId, moveId: duty.data.moveId ?? '', reason: 'notPaid', now }, { metadata: metadata(eventId, now) }));
      if (duty.data.courseId) await releaseUnheld(deps, duty.data.courseId, bookingId, 'expired', metadata(eventId, now));
    } else if (duty.data.courseId) {
      await releaseUnheld(deps, duty.data.courseId, bookingId, 'orphaned', metadata(eventId, now));
    }
  }

  return {
    name: 'move-keeper',
    async handle(event: RecordedDomainEvent) {
      const now = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'SpotReserved': {
          // A place reserved for a booking already on another course: a move's. A new booking's is the spot keeper's.
          const booking = await readState(eventStore, streams.booking(event.data.bookingId), bookingDecider);
          if (booking.state.status === 'absent' || booking.state.courseId === event.data.courseId) return;
          await duties.put(`reservation:${event.data.bookingId}:${event.data.courseId}`, Date.parse(event.data.reservedAt) + MOVE_GRACE_MS, {
            bookingId: event.data.bookingId, courseId: event.data.courseId, eventId: event.id,
          });
          return;
        }
        case 'BookingMoveStarted':
          await duties.put(`hold:${event.data.bookingId}:${event.data.moveId}`, Date.parse(event.data.holdExpiresAt), {
            bookingId: event.data.bookingId, courseId: event.data.toCourseId, moveId: event.data.moveId, eventId: event.id,
          });
          return;
        case 'BookingMoveAbandoned': {
          await duties.remove(`hold:${event.data.bookingId}:${event.data.moveId}`);
          // Its held place goes back now, unless the booking holds that course again.
          const booking = await readState(eventStore, event.streamName, bookingDecider);
          if (!holds(booking.state, event.data.toCourseId)) await quietly(() => releaseUnheld(deps, event.data.toCourseId, event.data.bookingId, 'expired', metadata(event.id, now)));
          return;
        }
        case 'BookingMoved':
          await duties.remove(`reservation:${event.data.bookingId}:${event.data.toCourseId}`);
          if (event.data.moveId) await duties.remove(`hold:${event.data.bookingId}:${event.data.moveId}`);
          await duties.put(`finish:${event.id}`, Date.parse(event.data.movedAt) + MOVE_GRACE_MS, { bookingId: event.data.bookingId, eventId: event.id });
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          await run(duty, now);
          await duties.remove(duty.key);
        } catch (error) {
          // The provider or a store did not answer: this duty stays, and is tried again a little later.
          options.logger?.error(`move-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
