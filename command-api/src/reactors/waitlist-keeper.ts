import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { RecordedDomainEvent } from '@recup/shared-events';
import { bookingDecider } from '../bookings/booking-decider';
import { readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { expireSpotOffer, leaveWaitingList, offerFreedSpots, organizationOf } from '../courses/waiting-list';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** Never due: an entry of the index of who waits where, not a duty in itself. */
const NEVER = Number.MAX_SAFE_INTEGER;
const RETRY_MS = 60_000;

type Entry = { courseId?: string; userId?: string; joinedAt?: string; organizationId?: string; offerId?: string; eventId?: string };

/**
 * Keeps the waiting lists moving (issue 19 §5; ARCHITECTURE, "Processes across streams"):
 * - whenever a place may have freed on a course (a spot released, more places, a learner leaving the line with
 *   the place held for them, an offer ended), it has the course stream offer every free place to the first in
 *   line. The decision is the course stream's, made against its real state with its expected revision: an event
 *   seen again, a restart in the middle, two places freed at once, each ends in exactly one offer per free place
 *   (none while the course's centre is not verified: nobody could book it; its courses' places are offered when
 *   its verification is given back);
 * - an offer's end is a durable duty, due when the offer ends and run by the sweep on the injectable clock: the
 *   offer ends unused, its learner leaves the line, and the place passes to the next;
 * - a learner whose account is deleted leaves every line; one whose booking of another course is confirmed
 *   leaves the lines they joined before booking it (they found a place; a line joined later, while holding a
 *   booking, is a wait for a better date and stays).
 * Its work list (offers running, who waits where, accounts to take off the lines) lives in the processor store beside
 * its checkpoint, so that a restart from a stored checkpoint resumes it.
 */
export function waitlistKeeper(eventStore: EventStore, clock: Clock, options: { duties: DutyStore; logger?: Logger; offerHours?: number }): Reactor {
  const duties = new Duties<Entry>(options.duties, 'waitlist-keeper');
  const deps = { eventStore, clock, waitlistOfferHours: options.offerHours };
  const metadata = (causationId: string, correlationId?: string) => ({ ...commandMetadata({ type: 'system', name: 'waitlist-keeper' }, clock.now(), correlationId), causationId });

  /** A learner's place in line that a process ends: refused by the stream's real state means there is nothing left to end. */
  async function quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  const offer = (courseId: string, event: RecordedDomainEvent) => quietly(() => offerFreedSpots(deps, courseId, metadata(event.id, event.metadata.correlationId)));

  async function linesOf(userId: string) {
    return (await duties.where('userId', userId)).filter((duty) => duty.key.startsWith('waiting:'));
  }

  /** Takes a deleted account off every line; true once none is left. */
  async function closeAccount(userId: string, eventId: string): Promise<boolean> {
    let done = true;
    for (const line of await linesOf(userId)) {
      try {
        await quietly(() => leaveWaitingList(deps, { courseId: line.data.courseId!, userId, reason: 'accountDeleted' }, metadata(eventId)));
      } catch (error) {
        options.logger?.error(`waitlist-keeper: deleted user ${userId} still waits on course ${line.data.courseId}`, error);
        done = false;
      }
    }
    return done;
  }

  return {
    name: 'waitlist-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'WaitingListJoined': {
          const organizationId = (await organizationOf(deps, event.data.courseId)) ?? undefined;
          await duties.put(`waiting:${event.data.courseId}:${event.data.userId}`, NEVER, { courseId: event.data.courseId, userId: event.data.userId, joinedAt: event.data.joinedAt, organizationId });
          return;
        }
        case 'OrganizationVerified': {
          const courses = new Set((await duties.where('organizationId', event.data.organizationId)).map((line) => line.data.courseId!));
          for (const courseId of courses) await offer(courseId, event);
          return;
        }
        case 'WaitingListLeft':
          await duties.remove(`waiting:${event.data.courseId}:${event.data.userId}`);
          await duties.remove(`offer:${event.data.courseId}:${event.data.userId}`);
          // The place they held, if any, is free again.
          await offer(event.data.courseId, event);
          return;
        case 'SpotOffered':
          await duties.put(`offer:${event.data.courseId}:${event.data.userId}`, Date.parse(event.data.expiresAt), { courseId: event.data.courseId, offerId: event.data.offerId, eventId: event.id });
          return;
        case 'SpotOfferTaken':
        case 'SpotOfferExpired':
          await duties.remove(`offer:${event.data.courseId}:${event.data.userId}`);
          return;
        case 'SpotReleased':
        case 'CourseDetailsChanged':
          await offer(event.data.courseId, event);
          return;
        case 'BookingConfirmed': {
          const booking = await readState(eventStore, event.streamName, bookingDecider);
          if (booking.state.status === 'absent') return;
          const { userId, courseId, placedAt } = booking.state;
          for (const line of await linesOf(userId)) {
            if (line.data.courseId === courseId) continue;
            await quietly(() => leaveWaitingList(deps, { courseId: line.data.courseId!, userId, reason: 'bookedElsewhere', joinedBefore: placedAt }, metadata(event.id, event.metadata.correlationId)));
          }
          return;
        }
        case 'UserDeleted':
          await duties.put(`close:${event.data.userId}`, Date.parse(event.data.deletedAt), { eventId: event.id });
          // At once, not at the next sweep; whatever is left stays due.
          if (await closeAccount(event.data.userId, event.id)) await duties.remove(`close:${event.data.userId}`);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          if (duty.key.startsWith('offer:')) {
            await expireSpotOffer(deps, duty.data.courseId!, duty.data.offerId!, metadata(duty.data.eventId ?? duty.key));
            await duties.remove(duty.key);
          } else if (duty.key.startsWith('close:')) {
            const userId = duty.key.slice('close:'.length);
            if (await closeAccount(userId, duty.data.eventId ?? duty.key)) await duties.remove(duty.key);
            else await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
          }
        } catch (error) {
          options.logger?.error(`waitlist-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
