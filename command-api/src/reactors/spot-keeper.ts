import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { Clock } from '@recup/infra/clock';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { reconcileBookingPayment } from '../payments/pay-booking';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { courseDecider } from '../courses/course-decider';
import type { SpotReleaseReason } from '@recup/shared-events';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** How long a reservation may wait for its booking before it is taken for the leftover of a crash. */
const ORPHAN_GRACE_MS = 2 * 60_000;
/** A duty that failed (the provider did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

type SpotDuty = { courseId: string; eventId: string };

/**
 * Keeps the course streams' spots in step with the bookings:
 * - an unpaid booking whose hold has elapsed expires, and its spot goes back — unless the provider did take
 *   the money and nobody said so (the browser closed, a crash between two steps): then the booking is
 *   confirmed;
 * - a reservation whose booking never got recorded (a crash between the two appends) is released;
 * - a cancelled, expired or deleted booking always has its spot released.
 * Its work list (holds, reservations awaiting their booking) is kept in the processor store, so that a restart
 * from a stored checkpoint resumes it.
 */
export function spotKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock, options: { duties: DutyStore; logger?: Logger; seller: SellerIdentity }): Reactor {
  const duties = new Duties<SpotDuty>(options.duties, 'spot-keeper');
  const deps = { eventStore, payments, clock, ids: { next: () => crypto.randomUUID() }, seller: options.seller };

  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'spot-keeper' }, now), causationId });

  /** A command decided against the stream's real state: a reaction that came too late is refused, and ignored. */
  async function quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  const release = (courseId: string, bookingId: string, reason: SpotReleaseReason, causationId: string, now: Date) =>
    quietly(() => handleCommand(eventStore, streams.course(courseId), courseDecider, { type: 'ReleaseSpot', courseId, bookingId, reason }, { metadata: metadata(causationId, now) }));

  async function expire(bookingId: string, hold: SpotDuty, now: Date) {
    const meta = metadata(hold.eventId, now);
    // The provider's word on the booking's payment first: money taken confirms the booking instead of expiring it.
    await reconcileBookingPayment(deps, bookingId, meta);
    await quietly(() => handleCommand(eventStore, streams.booking(bookingId), bookingDecider, { type: 'ExpireBooking', bookingId, now }, { metadata: meta }));
    const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
    if (booking.state.status === 'EXPIRED') await release(hold.courseId, bookingId, 'expired', hold.eventId, now);
  }

  async function releaseOrphan(bookingId: string, reservation: SpotDuty, now: Date) {
    const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
    if (booking.state.status === 'absent') await release(reservation.courseId, bookingId, 'orphaned', reservation.eventId, now);
  }

  return {
    name: 'spot-keeper',
    async handle(event: RecordedDomainEvent) {
      const now = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'SpotReserved':
          await duties.put(`orphan:${event.data.bookingId}`, Date.parse(event.data.reservedAt) + ORPHAN_GRACE_MS, { courseId: event.data.courseId, eventId: event.id });
          return;
        case 'SpotReleased':
          await duties.remove(`orphan:${event.data.bookingId}`);
          return;
        case 'BookingPlaced':
          await duties.remove(`orphan:${event.data.bookingId}`);
          await duties.put(`hold:${event.data.bookingId}`, Date.parse(event.data.holdExpiresAt), { courseId: event.data.courseId, eventId: event.id });
          return;
        case 'BookingConfirmed':
        case 'BookingCompleted':
          await duties.remove(`hold:${event.data.bookingId}`);
          return;
        case 'BookingCancelled':
        case 'BookingExpired':
        case 'BookingDeleted': {
          await duties.remove(`hold:${event.data.bookingId}`);
          const booking = await readState(eventStore, event.streamName, bookingDecider);
          if (booking.state.status === 'absent') return;
          const reason = event.type === 'BookingCancelled' ? (event.data.by === 'courseCancelled' ? 'courseCancelled' : 'cancelled') : event.type === 'BookingExpired' ? 'expired' : 'deleted';
          await release(booking.state.courseId, event.data.bookingId, reason, event.id, now);
          return;
        }
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        const [kind, bookingId] = [duty.key.slice(0, duty.key.indexOf(':')), duty.key.slice(duty.key.indexOf(':') + 1)];
        try {
          if (kind === 'hold') await expire(bookingId, duty.data, now);
          else await releaseOrphan(bookingId, duty.data, now);
          await duties.remove(duty.key);
        } catch (error) {
          // The provider or a store did not answer: this duty stays, and is tried again a little later.
          options.logger?.error(`spot-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
