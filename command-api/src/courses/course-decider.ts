import {
  checkCourse, offerEnd, waitingListOpen, type CourseCancellationReason, type CourseDetails, type CourseEvent, type CourseInput, type Facilitator, type PostalCommune, type SpotReleaseReason,
} from '@recup/shared-events';
import { startsWithinWithdrawalPeriod } from '@recup/shared-events/bookings/withdrawal';
import type { Decider } from '../core/decider';
import { evolveCourse, initialCourseState, offerIdFor, offerOf, offersHeld, spotsForSale, spotsLeft, spotsTaken, waitingWithoutOffer, type CourseState, type ExistingCourse } from './course';
import {
  AlreadyBooked, AlreadyWaiting, CancelledCourseCannotChange, CourseAlreadyExists, CourseAlreadyStarted, CourseCancelled, CourseNotFound, CourseWithdrawn, InvalidCourseSchedule,
  EarlyStartNotRequested, NoSpotsLeft, NotOnWaitingList, OrganizationNotVerified, SellerNotVerified, SpotOfferLapsed, SpotsAvailable, StartedCourseCannotChange, WaitingListClosed,
} from './course-errors';
import { courseRuleError } from './course-rule-errors';
import { FacilitatorRoleRepeated } from '../bookings/attendance-errors';

/**
 * Records a course as given, without the publication rules: demo data, and tests that need a course at
 * any date. Centres and administrators publish through PublishCourse.
 */
type ScheduleCourse = {
  type: 'ScheduleCourse';
  courseId: string;
  organizationId: string;
  /** Only a verified centre publishes courses; the handler reads it from the organization's stream. */
  organizationVerified: boolean;
  details: CourseDetails;
  batchId?: string;
  now: Date;
};
/** A centre (for itself) or an administrator (for any centre) publishes a course: the form's and the law's rules apply. */
export type PublishCourse = {
  type: 'PublishCourse';
  courseId: string;
  organizationId: string;
  input: CourseInput;
  by: 'centre' | 'admin';
  batchId?: string;
  /** 1-based place of the session in its batch, to name it in an error. */
  session?: number;
  /** The communes the typed postal code serves (the handler looks them up): the place must be one of them. */
  communes: readonly PostalCommune[];
  now: Date;
};
export type ChangeCourseDetails = {
  type: 'ChangeCourseDetails';
  courseId: string;
  input: CourseInput;
  by: 'centre' | 'admin';
  organizationVerified: boolean;
  /** The communes the typed postal code serves (the handler looks them up): the place must be one of them. */
  communes: readonly PostalCommune[];
  now: Date;
};
/**
 * `request`: a person deletes the course, which must be scheduled and not started. `resume`: a process
 * finishes a cancellation (a deleted centre's courses, a withdrawn batch): a course already cancelled or
 * started is left as it is, and one never scheduled is withdrawn for good.
 */
type CancelCourse = { type: 'CancelCourse'; courseId: string; reason: CourseCancellationReason; mode: 'request' | 'resume'; now: Date };
/**
 * `sellerVerified`: whether the course's centre is verified now, as its stream says (the handler reads it); only a verified centre sells.
 * `earlyStartRequested`: the learner asked, at the checkout, that the course start within the 14 days of the
 * withdrawal period (which then does not apply to it); a course that starts that soon takes no booking without it.
 */
export type ReserveSpot = { type: 'ReserveSpot'; courseId: string; bookingId: string; userId: string; sellerVerified: boolean; earlyStartRequested: boolean; now: Date };
type ReleaseSpot = { type: 'ReleaseSpot'; courseId: string; bookingId: string; reason: SpotReleaseReason };
/**
 * A signed-in learner joins the waiting list of a full course. `listed`: whether the public may see the course
 * (its centre verified, its batch published), as the handler reads it; a course nobody may see takes nobody in line.
 */
type JoinWaitingList = { type: 'JoinWaitingList'; courseId: string; userId: string; listed: boolean; now: Date };
/**
 * A learner is no longer waiting: they leave (`left`: not waiting answers NotOnWaitingList), or a process takes
 * them off the line (a booking of another course confirmed, their account deleted: not waiting changes nothing).
 * `joinedBefore`: only if they joined by then (a booking elsewhere ends the waits that came before it).
 */
export type LeaveWaitingList = { type: 'LeaveWaitingList'; courseId: string; userId: string; reason: 'left' | 'bookedElsewhere' | 'accountDeleted'; joinedBefore?: string };
/**
 * Offers every free place to the next in line who holds none (the waiting-list keeper, after a place frees).
 * `sellerVerified`: whether the course's centre sells now (the handler reads it): a place nobody may book is not offered.
 */
type OfferFreedSpots = { type: 'OfferFreedSpots'; courseId: string; offerHours: number; sellerVerified: boolean; now: Date };
/** Ends an offer whose time is over (the waiting-list keeper's duty): its learner leaves the line, the place is free again. */
type ExpireSpotOffer = { type: 'ExpireSpotOffer'; courseId: string; offerId: string; now: Date };
/** The centre (or an administrator) names the course's facilitators (issue 20): printed on the attendance sheet and the attestations. */
type NameFacilitators = { type: 'NameFacilitators'; courseId: string; facilitators: Facilitator[]; namedBy: string; now: Date };
type CourseCommand =
  | ScheduleCourse | PublishCourse | ChangeCourseDetails | CancelCourse | ReserveSpot | ReleaseSpot | JoinWaitingList | LeaveWaitingList | OfferFreedSpots | ExpireSpotOffer | NameFacilitators;

function mustBeNew(state: CourseState) {
  if (state.status !== 'absent') throw new CourseAlreadyExists();
  if (state.withdrawn) throw new CourseWithdrawn();
}

function scheduled(courseId: string, organizationId: string, details: CourseDetails, batchId: string | undefined): CourseEvent {
  return { type: 'CourseScheduled', data: { courseId, organizationId, ...details, ...(batchId !== undefined && { batchId }) } };
}

function scheduleCourse(command: ScheduleCourse, state: CourseState): CourseEvent[] {
  mustBeNew(state);
  if (!command.organizationVerified) throw new OrganizationNotVerified();
  const start = Date.parse(command.details.startDate);
  if (Date.parse(command.details.endDate) <= start) throw new InvalidCourseSchedule('END_BEFORE_START');
  if (start <= command.now.getTime()) throw new InvalidCourseSchedule('START_IN_PAST');
  return [scheduled(command.courseId, command.organizationId, command.details, command.batchId)];
}

function publishCourse(command: PublishCourse, state: CourseState): CourseEvent[] {
  mustBeNew(state);
  const checked = checkCourse(command.input, { now: command.now, minPriceCents: command.by === 'admin' ? 0 : 1, communes: command.communes });
  if (!checked.ok) throw courseRuleError(checked.issues[0]!, command.session);
  return [scheduled(command.courseId, command.organizationId, checked.details, command.batchId)];
}

function hasStarted(course: ExistingCourse, now: Date) {
  return Date.parse(course.details.startDate) <= now.getTime();
}

function sameDetails(a: CourseDetails, b: CourseDetails): boolean {
  return (Object.keys(a) as (keyof CourseDetails)[]).every((key) => a[key] === b[key]);
}

function changeDetails(command: ChangeCourseDetails, state: CourseState): CourseEvent[] {
  const course = existing(state);
  if (course.status === 'cancelled') throw new CancelledCourseCannotChange();
  if (hasStarted(course, command.now)) throw new StartedCourseCannotChange();
  if (!command.organizationVerified) throw new OrganizationNotVerified();
  const checked = checkCourse(command.input, {
    // A place held for a learner in line is taken as much as a booked one.
    now: command.now, minPriceCents: command.by === 'admin' ? 0 : 1, spotsTaken: spotsTaken(course) + offersHeld(course),
    published: { startDate: course.details.startDate, endDate: course.details.endDate }, communes: command.communes,
  });
  if (!checked.ok) throw courseRuleError(checked.issues[0]!);
  if (sameDetails(checked.details, course.details)) return [];
  return [{ type: 'CourseDetailsChanged', data: { courseId: course.courseId, ...checked.details } }];
}

/** Everyone still in line leaves it with the course (their offers end with their places in line). */
function waitingListClosedBy(course: ExistingCourse, reason: 'courseCancelled'): CourseEvent[] {
  return course.waiting.map(({ userId }) => ({ type: 'WaitingListLeft', data: { courseId: course.courseId, userId, reason } }));
}

function cancelCourse(command: CancelCourse, state: CourseState): CourseEvent[] {
  const cancelled: CourseEvent = { type: 'CourseCancelled', data: { courseId: command.courseId, reason: command.reason } };
  if (command.mode === 'resume') {
    if (state.status === 'absent') return state.withdrawn ? [] : [cancelled];
    if (state.status === 'cancelled') return waitingListClosedBy(state, 'courseCancelled');
    if (hasStarted(state, command.now)) return [];
    return [cancelled, ...waitingListClosedBy(state, 'courseCancelled')];
  }
  const course = existing(state);
  if (course.status === 'cancelled') throw new CancelledCourseCannotChange();
  if (hasStarted(course, command.now)) throw new StartedCourseCannotChange();
  return [cancelled, ...waitingListClosedBy(course, 'courseCancelled')];
}

function reserveSpot(command: ReserveSpot, state: CourseState): CourseEvent[] {
  const course = existing(state);
  if (course.reservations[command.bookingId] === command.userId) return [];
  if (course.status === 'cancelled') throw new CourseCancelled();
  if (hasStarted(course, command.now)) throw new CourseAlreadyStarted();
  if (!command.sellerVerified) throw new SellerNotVerified();
  if (!command.earlyStartRequested && startsWithinWithdrawalPeriod(command.now, course.details.startDate)) throw new EarlyStartNotRequested();
  if (Object.values(course.reservations).includes(command.userId)) throw new AlreadyBooked();
  const { courseId, bookingId, userId, now } = command;
  const reserved: CourseEvent = { type: 'SpotReserved', data: { courseId, bookingId, userId, reservedAt: now.toISOString() } };
  // A learner in line who books this course leaves the line (their offer, if any, taken by this booking).
  const leaves: CourseEvent[] = course.waiting.some((entry) => entry.userId === userId) ? [{ type: 'WaitingListLeft', data: { courseId, userId, reason: 'booked' } }] : [];
  const offer = offerOf(course, userId);
  if (offer && Date.parse(offer.expiresAt) > now.getTime()) {
    return [reserved, { type: 'SpotOfferTaken', data: { courseId, offerId: offer.offerId, userId, bookingId } }, ...leaves];
  }
  if (spotsForSale(course, now, userId) <= 0) throw offer ? new SpotOfferLapsed() : new NoSpotsLeft();
  return [reserved, ...leaves];
}

function joinWaitingList(command: JoinWaitingList, state: CourseState): CourseEvent[] {
  const course = existing(state);
  if (!command.listed) throw new CourseNotFound();
  if (course.status === 'cancelled') throw new CourseCancelled();
  if (hasStarted(course, command.now)) throw new CourseAlreadyStarted();
  if (Object.values(course.reservations).includes(command.userId)) throw new AlreadyBooked();
  if (course.waiting.some((entry) => entry.userId === command.userId)) throw new AlreadyWaiting();
  if (!waitingListOpen(command.now, course.details.startDate)) throw new WaitingListClosed();
  if (spotsForSale(course, command.now) > 0) throw new SpotsAvailable();
  return [{ type: 'WaitingListJoined', data: { courseId: course.courseId, userId: command.userId, joinedAt: command.now.toISOString() } }];
}

function leaveWaitingList(command: LeaveWaitingList, state: CourseState): CourseEvent[] {
  const course = existing(state);
  const entry = course.waiting.find((e) => e.userId === command.userId);
  if (!entry) {
    if (command.reason === 'left') throw new NotOnWaitingList();
    return [];
  }
  if (command.joinedBefore !== undefined && Date.parse(entry.joinedAt) > Date.parse(command.joinedBefore)) return [];
  return [{ type: 'WaitingListLeft', data: { courseId: course.courseId, userId: command.userId, reason: command.reason } }];
}

/** One offer per free place, to the first in line without one, for as long as the rules of time allow (none past 48 hours before the start). */
function offerFreedSpots(command: OfferFreedSpots, state: CourseState): CourseEvent[] {
  if (state.status !== 'scheduled' || hasStarted(state, command.now) || !command.sellerVerified) return [];
  const expiresAt = offerEnd(command.now, state.details.startDate, command.offerHours);
  if (!expiresAt) return [];
  return waitingWithoutOffer(state).slice(0, spotsLeft(state)).map((entry) => ({
    type: 'SpotOffered',
    data: { courseId: state.courseId, offerId: offerIdFor(state.courseId, entry), userId: entry.userId, offeredAt: command.now.toISOString(), expiresAt: expiresAt.toISOString() },
  }));
}

function expireSpotOffer(command: ExpireSpotOffer, state: CourseState): CourseEvent[] {
  if (state.status === 'absent') return [];
  const offer = state.offers[command.offerId];
  if (!offer || Date.parse(offer.expiresAt) > command.now.getTime()) return [];
  const { courseId } = state;
  return [
    { type: 'SpotOfferExpired', data: { courseId, offerId: offer.offerId, userId: offer.userId } },
    { type: 'WaitingListLeft', data: { courseId, userId: offer.userId, reason: 'offerExpired' } },
  ];
}

function releaseSpot(command: ReleaseSpot, state: CourseState): CourseEvent[] {
  const course = existing(state);
  const userId = course.reservations[command.bookingId];
  if (userId === undefined) return [];
  return [{ type: 'SpotReleased', data: { courseId: course.courseId, bookingId: command.bookingId, userId, reason: command.reason } }];
}

function existing(state: CourseState): ExistingCourse {
  if (state.status === 'absent') throw new CourseNotFound();
  return state;
}

/**
 * Names the course's facilitators, each role once (a road-safety expert, a psychologist); a cancelled course is not
 * held and changes no more. Naming the same people again changes nothing.
 */
function nameFacilitators(command: NameFacilitators, state: CourseState): CourseEvent[] {
  if (state.status === 'absent') throw new CourseNotFound();
  if (state.status === 'cancelled') throw new CancelledCourseCannotChange();
  const facilitators = command.facilitators.map((f) => ({ role: f.role, name: f.name.trim() }));
  const roles = new Set<string>();
  for (const { role } of facilitators) {
    if (roles.has(role)) throw new FacilitatorRoleRepeated(role);
    roles.add(role);
  }
  const key = (list: Facilitator[]) => JSON.stringify([...list].sort((a, b) => a.role.localeCompare(b.role)));
  if (key(facilitators) === key(state.facilitators)) return [];
  return [{ type: 'CourseFacilitatorsNamed', data: { courseId: state.courseId, facilitators, namedBy: command.namedBy, namedAt: command.now.toISOString() } }];
}

export function decideCourse(command: CourseCommand, state: CourseState): CourseEvent[] {
  switch (command.type) {
    case 'ScheduleCourse':
      return scheduleCourse(command, state);
    case 'PublishCourse':
      return publishCourse(command, state);
    case 'ChangeCourseDetails':
      return changeDetails(command, state);
    case 'CancelCourse':
      return cancelCourse(command, state);
    case 'ReserveSpot':
      return reserveSpot(command, state);
    case 'ReleaseSpot':
      return releaseSpot(command, state);
    case 'JoinWaitingList':
      return joinWaitingList(command, state);
    case 'LeaveWaitingList':
      return leaveWaitingList(command, state);
    case 'OfferFreedSpots':
      return offerFreedSpots(command, state);
    case 'ExpireSpotOffer':
      return expireSpotOffer(command, state);
    case 'NameFacilitators':
      return nameFacilitators(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, CourseState> = {
  initialState: initialCourseState,
  evolve: evolveCourse,
  decide: decideCourse,
};
