import { courseStatusAt, DEFAULT_WAITLIST_OFFER_HOURS, waitingListOpen } from '@recup/shared-events';
import type { CourseDocument } from '@recup/projector/courses/course-document';
import type { CourseDto, CourseStatus } from '../contracts';

/** Status follows the clock: SCHEDULED until the start, IN_PROGRESS until the end, then COMPLETED (the same rule in every view). */
export function courseStatus(course: Pick<CourseDocument, 'cancelled' | 'startDate' | 'endDate'>, now: Date): CourseStatus {
  return courseStatusAt(course, now);
}

/** Places held for learners in line. */
export function offersHeldOf(course: Pick<CourseDocument, 'waitingList'>): number {
  return course.waitingList.filter((entry) => entry.offer !== null).length;
}

/**
 * Places anyone may book, as the course stream decides it: total − active reservations − offers held; while
 * offers can still be made, a place that has just freed is the waiting list's until it is offered (a moment).
 */
export function spotsLeftOf(course: Pick<CourseDocument, 'totalSpots' | 'spotsTaken' | 'waitingList' | 'startDate'>, now: Date): number {
  const held = offersHeldOf(course);
  const promised = waitingListOpen(now, course.startDate) ? course.waitingList.length - held : 0;
  return Math.max(0, course.totalSpots - course.spotsTaken - held - promised);
}

/**
 * Places one learner may take now, as the course decider's `spotsForSale` decides their booking or move: the place
 * an offer holds for them, or one anyone may book (total − active reservations − offers held), and while offers can
 * still be made, a free place the waiting list is promised only when they are next in line for it.
 */
export function spotsLeftFor(course: Pick<CourseDocument, 'totalSpots' | 'spotsTaken' | 'waitingList' | 'startDate'>, now: Date, userId: string): number {
  const entry = course.waitingList.find((e) => e.userId === userId);
  if (entry?.offer && Date.parse(entry.offer.expiresAt) > now.getTime()) return 1;
  const free = Math.max(0, course.totalSpots - course.spotsTaken - offersHeldOf(course));
  if (!waitingListOpen(now, course.startDate)) return free;
  const line = course.waitingList.filter((e) => e.offer === null);
  const place = line.findIndex((e) => e.userId === userId);
  if (place >= 0) return place < free ? 1 : 0;
  return Math.max(0, free - line.length);
}

export function toCourseDto(
  course: CourseDocument,
  organization: { id: string; name: string; prefectApprovalReference?: string | null },
  now: Date,
  distanceKm: number | null = null,
  refundCutoffHours = 72,
  waitlistOfferHours = DEFAULT_WAITLIST_OFFER_HOURS,
): CourseDto {
  return {
    id: course._id,
    title: course.title,
    titleEn: course.titleEn ?? course.title,
    description: course.description,
    descriptionEn: course.descriptionEn ?? course.description,
    address: course.address,
    postalCode: course.postalCode,
    city: course.city,
    department: course.department,
    startDate: course.startDate,
    endDate: course.endDate,
    price: course.price,
    spotsLeft: spotsLeftOf(course, now),
    totalSpots: course.totalSpots,
    waitingCount: course.waitingList.length,
    antsNumber: course.antsNumber,
    organization: { id: organization.id, name: organization.name, prefectApprovalReference: organization.prefectApprovalReference ?? null },
    status: courseStatus(course, now),
    distanceKm,
    refundCutoffHours,
    waitlistOfferHours,
  };
}
