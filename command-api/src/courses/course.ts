import { createHash } from 'node:crypto';
import { waitingListOpen, type CourseDetails, type CourseEvent, type Facilitator } from '@recup/shared-events';

/** A learner in line, in the order they joined. */
type WaitingEntry = { userId: string; joinedAt: string };
/** A place held for a learner in line until `expiresAt`. */
type HeldOffer = { offerId: string; userId: string; expiresAt: string };

export type CourseState =
  | {
      status: 'absent';
      /** Cancelled before it was ever scheduled (its centre deleted, its batch withdrawn): it never will be. */
      withdrawn?: boolean;
    }
  | {
      status: 'scheduled' | 'cancelled';
      courseId: string;
      organizationId: string;
      details: CourseDetails;
      /** Active reservations: booking id → learner id. */
      reservations: Record<string, string>;
      /** The batch it was published with, if any. */
      batchId: string | null;
      /** The waiting list, first in line first. */
      waiting: WaitingEntry[];
      /** Places held for learners in line, by offer id. */
      offers: Record<string, HeldOffer>;
      /** The course's facilitators, as last named by its centre (printed on the attendance sheet and attestations). */
      facilitators: Facilitator[];
      /** The prefecture's pack, once the centre marked it sent (issue 20 §3). */
      prefecturePackSent: { sentBy: string; sentAt: string } | null;
      /** The reminders of the pack already sent to the centre (days after the course: 10, 15). */
      prefecturePackReminders: number[];
    };

export type ExistingCourse = Extract<CourseState, { status: 'scheduled' | 'cancelled' }>;

export const initialCourseState = (): CourseState => ({ status: 'absent' });

function withoutOffersOf(offers: Record<string, HeldOffer>, userId: string): Record<string, HeldOffer> {
  return Object.fromEntries(Object.entries(offers).filter(([, offer]) => offer.userId !== userId));
}

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseScheduled': {
      const { courseId, organizationId, batchId, ...details } = event.data;
      return { status: 'scheduled', courseId, organizationId, details, reservations: {}, batchId: batchId ?? null, waiting: [], offers: {}, facilitators: [], prefecturePackSent: null, prefecturePackReminders: [] };
    }
    case 'CourseDetailsChanged': {
      const { courseId: _courseId, ...details } = event.data;
      return state.status === 'absent' ? state : { ...state, details };
    }
    case 'CourseCancelled':
      return state.status === 'absent' ? { status: 'absent', withdrawn: true } : { ...state, status: 'cancelled' };
    case 'SpotReserved':
      return state.status === 'absent' ? state : { ...state, reservations: { ...state.reservations, [event.data.bookingId]: event.data.userId } };
    case 'SpotReleased': {
      if (state.status === 'absent') return state;
      const { [event.data.bookingId]: _released, ...reservations } = state.reservations;
      return { ...state, reservations };
    }
    case 'WaitingListJoined':
      return state.status === 'absent' ? state : { ...state, waiting: [...state.waiting, { userId: event.data.userId, joinedAt: event.data.joinedAt }] };
    case 'WaitingListLeft':
      // Leaving the line ends any offer the learner held: that place is free again.
      return state.status === 'absent'
        ? state
        : { ...state, waiting: state.waiting.filter((entry) => entry.userId !== event.data.userId), offers: withoutOffersOf(state.offers, event.data.userId) };
    case 'SpotOffered': {
      if (state.status === 'absent') return state;
      const { offerId, userId, expiresAt } = event.data;
      return { ...state, offers: { ...state.offers, [offerId]: { offerId, userId, expiresAt } } };
    }
    case 'SpotOfferTaken':
    case 'SpotOfferExpired': {
      if (state.status === 'absent') return state;
      const { [event.data.offerId]: _ended, ...offers } = state.offers;
      return { ...state, offers };
    }
    case 'CourseFacilitatorsNamed':
      return state.status === 'absent' ? state : { ...state, facilitators: event.data.facilitators };
    case 'CoursePrefecturePackSent':
      return state.status === 'absent' ? state : { ...state, prefecturePackSent: { sentBy: event.data.sentBy, sentAt: event.data.sentAt } };
    case 'CoursePrefecturePackReminderSent':
      return state.status === 'absent' ? state : { ...state, prefecturePackReminders: [...state.prefecturePackReminders, event.data.day] };
    case 'CourseLowEnrolmentNoticed':
      // The centre was told (`low-enrolment.ts` folds it): nothing of the course itself changes.
      return state;
  }
}

/** Places taken by an active reservation. */
export function spotsTaken(state: ExistingCourse): number {
  return Object.keys(state.reservations).length;
}

/** Places held for a learner in line. */
export function offersHeld(state: ExistingCourse): number {
  return Object.keys(state.offers).length;
}

/** Places nobody holds: total − active reservations − offers held. */
export function spotsLeft(state: ExistingCourse): number {
  return Math.max(0, state.details.totalSpots - spotsTaken(state) - offersHeld(state));
}

/** The learners in line who hold no offer yet, first in line first: the next offers go to them. */
export function waitingWithoutOffer(state: ExistingCourse): WaitingEntry[] {
  const offered = new Set(Object.values(state.offers).map((offer) => offer.userId));
  return state.waiting.filter((entry) => !offered.has(entry.userId));
}

/**
 * Places a learner (anyone, without `userId`) may book now without an offer. While offers can still be made, a
 * free place belongs to the learners in line first, in their order: it is theirs until the waiting-list keeper
 * offers it (a moment after it freed), never anybody else's. From 49 hours before the start, free places are
 * for anyone.
 */
export function spotsForSale(state: ExistingCourse, now: Date, userId?: string): number {
  const free = spotsLeft(state);
  if (!waitingListOpen(now, state.details.startDate)) return free;
  const line = waitingWithoutOffer(state);
  const place = userId === undefined ? -1 : line.findIndex((entry) => entry.userId === userId);
  // A learner in line may take a free place that would be offered to them anyway.
  if (place >= 0) return place < free ? 1 : 0;
  return Math.max(0, free - line.length);
}

export function offerOf(state: ExistingCourse, userId: string): HeldOffer | null {
  return Object.values(state.offers).find((offer) => offer.userId === userId) ?? null;
}

/** A learner's place in line among those still waiting for an offer (1 = next), or null when they hold one or do not wait. */
export function positionOf(state: ExistingCourse, userId: string): number | null {
  const index = waitingWithoutOffer(state).findIndex((entry) => entry.userId === userId);
  return index < 0 ? null : index + 1;
}

/**
 * An offer's id, derived from the place in line it is made to (a learner's entry gets one offer at most: after
 * it ends they leave the line): the decider stays pure, and the same decision always names the same offer.
 */
export function offerIdFor(courseId: string, entry: WaitingEntry): string {
  const hex = createHash('sha256').update(`${courseId}\n${entry.userId}\n${entry.joinedAt}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
