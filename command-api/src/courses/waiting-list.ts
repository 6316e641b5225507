import { DEFAULT_WAITLIST_OFFER_HOURS, streams, type EventMetadata } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { positionOf, type ExistingCourse } from './course';
import { courseBatchDecider } from './course-batch';
import { courseDecider, type LeaveWaitingList } from './course-decider';
import { CourseNotFound } from './course-errors';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'clock'>;

/** How long an offer holds its place (WAITLIST_OFFER_HOURS, default 24), before the 48-hour limit cuts it. */
const offerHoursOf = (deps: Pick<CommandApiDeps, 'waitlistOfferHours'>) => deps.waitlistOfferHours ?? DEFAULT_WAITLIST_OFFER_HOURS;

/** Whether the course's centre sells: registered and verified, as its stream says now. */
async function sells(deps: Deps, organizationId: string): Promise<boolean> {
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  return organization.state.status === 'registered' && organization.state.verified;
}

/** Whether the public may see the course: its centre verified, its batch (if any) published. */
async function listed(deps: Deps, course: ExistingCourse): Promise<boolean> {
  if (!(await sells(deps, course.organizationId))) return false;
  if (course.batchId === null) return true;
  const batch = await readState(deps.eventStore, streams.courseBatch(course.batchId), courseBatchDecider);
  return batch.state.status === 'published';
}

/** The signed-in learner joins the waiting list of a full course; decided on the course stream, with its expected revision. */
export async function joinWaitingList(deps: Deps, input: { courseId: string; userId: string }, metadata: EventMetadata) {
  const course = await readState(deps.eventStore, streams.course(input.courseId), courseDecider);
  if (course.state.status === 'absent') throw new CourseNotFound();
  const joined = await handleCommand(deps.eventStore, streams.course(input.courseId), courseDecider, {
    type: 'JoinWaitingList', courseId: input.courseId, userId: input.userId, listed: await listed(deps, course.state), now: deps.clock.now(),
  }, { metadata });
  if (joined.state.status === 'absent') throw new CourseNotFound();
  const entry = joined.state.waiting.find((e) => e.userId === input.userId)!;
  return { position: positionOf(joined.state, input.userId) ?? 1, joinedAt: entry.joinedAt, eventPosition: joined.position };
}

/** A learner leaves a waiting list (any offer they hold ends, and the place goes to the next in line). */
export async function leaveWaitingList(deps: Deps, input: { courseId: string; userId: string; reason: LeaveWaitingList['reason']; joinedBefore?: string }, metadata: EventMetadata) {
  const left = await handleCommand(deps.eventStore, streams.course(input.courseId), courseDecider, { type: 'LeaveWaitingList', ...input }, { metadata });
  return { left: left.events.length > 0, position: left.position };
}

/**
 * Offers the course's free places to the first in line (none when nobody waits or no place is free, nor while its
 * centre's verification is withdrawn: nobody could book them; they are offered once it is given back).
 */
export async function offerFreedSpots(deps: Deps & Pick<CommandApiDeps, 'waitlistOfferHours'>, courseId: string, metadata: EventMetadata) {
  const course = await readState(deps.eventStore, streams.course(courseId), courseDecider);
  if (course.state.status !== 'scheduled' || course.state.waiting.length === 0) return null;
  return handleCommand(deps.eventStore, streams.course(courseId), courseDecider, {
    type: 'OfferFreedSpots', courseId, offerHours: offerHoursOf(deps), sellerVerified: await sells(deps, course.state.organizationId), now: deps.clock.now(),
  }, { metadata });
}

/** The centre a course belongs to (null for a course never scheduled). */
export async function organizationOf(deps: Pick<Deps, 'eventStore'>, courseId: string): Promise<string | null> {
  const course = await readState(deps.eventStore, streams.course(courseId), courseDecider);
  return course.state.status === 'absent' ? null : course.state.organizationId;
}

/** Ends an offer whose time is over; one still running, taken or ended already changes nothing. */
export async function expireSpotOffer(deps: Deps, courseId: string, offerId: string, metadata: EventMetadata) {
  return handleCommand(deps.eventStore, streams.course(courseId), courseDecider, { type: 'ExpireSpotOffer', courseId, offerId, now: deps.clock.now() }, { metadata });
}
