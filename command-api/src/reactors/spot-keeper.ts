import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { Clock } from '@recup/infra/clock';
import { paymentDecider } from '../payments/payment-decider';
import { settleSucceededIntent } from '../payments/pay-booking';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { courseDecider } from '../courses/course-decider';
import type { SpotReleaseReason } from '@recup/shared-events';
import type { Reactor } from './reactor';

/** How long a reservation may wait for its booking before it is taken for the leftover of a crash. */
export const ORPHAN_GRACE_MS = 2 * 60_000;

/**
 * Keeps the course streams' spots in step with the bookings:
 * - an unpaid booking whose hold has elapsed expires, and its spot goes back — unless the provider did take
 *   the money and the browser never said so: then the booking is confirmed;
 * - a reservation whose booking never got recorded (a crash between the two appends) is released;
 * - a cancelled, expired or deleted booking always has its spot released.
 */
export function spotKeeper(eventStore: EventStore, payments: PaymentGateway, clock: Clock): Reactor {
  const holds = new Map<string, { courseId: string; holdExpiresAt: number; eventId: string }>();
  const reservations = new Map<string, { courseId: string; reservedAt: number; eventId: string }>();

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

  /** The provider's word on the booking's payment: money taken confirms the booking instead of expiring it. */
  async function paidMeanwhile(bookingId: string, meta: ReturnType<typeof metadata>): Promise<boolean> {
    const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
    if (booking.state.status !== 'PENDING' || !booking.state.paymentId) return false;
    const paymentId = booking.state.paymentId;
    const payment = await readState(eventStore, streams.payment(paymentId), paymentDecider);
    if (payment.state.status !== 'PENDING' && payment.state.status !== 'FAILED') return false;
    const intent = await payments.retrieveIntent(payment.state.providerIntentId);
    if (intent?.status !== 'succeeded') return false;
    await quietly(() => settleSucceededIntent({ eventStore, payments, clock, ids: { next: () => crypto.randomUUID() } }, { bookingId, paymentId, intent }, meta));
    return true;
  }

  return {
    name: 'spot-keeper',
    async handle(event: RecordedDomainEvent) {
      const now = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'SpotReserved':
          reservations.set(event.data.bookingId, { courseId: event.data.courseId, reservedAt: Date.parse(event.data.reservedAt), eventId: event.id });
          return;
        case 'SpotReleased':
          reservations.delete(event.data.bookingId);
          return;
        case 'BookingPlaced':
          reservations.delete(event.data.bookingId);
          holds.set(event.data.bookingId, { courseId: event.data.courseId, holdExpiresAt: Date.parse(event.data.holdExpiresAt), eventId: event.id });
          return;
        case 'BookingConfirmed':
        case 'BookingCompleted':
          holds.delete(event.data.bookingId);
          return;
        case 'BookingCancelled':
        case 'BookingExpired':
        case 'BookingDeleted': {
          holds.delete(event.data.bookingId);
          const booking = await readState(eventStore, event.streamName, bookingDecider);
          if (booking.state.status === 'absent') return;
          const reason = event.type === 'BookingCancelled' ? 'cancelled' : event.type === 'BookingExpired' ? 'expired' : 'deleted';
          await release(booking.state.courseId, event.data.bookingId, reason, event.id, now);
          return;
        }
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const [bookingId, hold] of holds) {
        if (hold.holdExpiresAt > now.getTime()) continue;
        holds.delete(bookingId);
        if (await paidMeanwhile(bookingId, metadata(hold.eventId, now))) continue;
        await quietly(() => handleCommand(eventStore, streams.booking(bookingId), bookingDecider, { type: 'ExpireBooking', bookingId, now }, { metadata: metadata(hold.eventId, now) }));
        const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
        if (booking.state.status === 'EXPIRED') await release(hold.courseId, bookingId, 'expired', hold.eventId, now);
      }
      for (const [bookingId, reservation] of reservations) {
        if (reservation.reservedAt + ORPHAN_GRACE_MS > now.getTime()) continue;
        reservations.delete(bookingId);
        const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
        if (booking.state.status === 'absent') await release(reservation.courseId, bookingId, 'orphaned', reservation.eventId, now);
      }
    },
  };
}
