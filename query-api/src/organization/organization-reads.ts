import { DEFAULT_CENTRE_NOTIFICATIONS, streams } from '@recup/shared-events';
import { streamRevision } from '../stream-revision';
import { HttpProblem } from '@recup/infra/http/problem';
import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { LIVE_ORGANIZATIONS, ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { isShortOfParticipants } from '@recup/shared-events';
import type { OrganizationCourseDto, OrganizationDto } from '../contracts/organization';
import { bookingStatus } from '../bookings/booking-view';
import { offersHeldOf, toCourseDto } from '../courses/course-view';

const organizationNotRegistered = () =>
  new HttpProblem(404, 'ORGANIZATION_NOT_REGISTERED', {
    fr: 'Aucun centre n’est encore enregistré pour ce compte : complétez le profil de votre centre pour le faire vérifier.',
    en: 'No training centre is registered for this account yet: fill in your centre’s profile to have it verified.',
  });
export const courseNotFound = () => new HttpProblem(404, 'COURSE_NOT_FOUND', { fr: 'Stage introuvable.', en: 'Course not found.' });

/** The live centre an ORGANIZATION account runs, or 404 (it has to register it first). */
export async function ownOrganization(readStore: ReadStore, userId: string): Promise<OrganizationDocument> {
  const organization = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ ownerUserId: userId, ...LIVE_ORGANIZATIONS });
  if (!organization) throw organizationNotRegistered();
  return organization;
}

export function organizationDto(doc: OrganizationDocument): OrganizationDto {
  return {
    id: doc._id, name: doc.name, address: doc.address, city: doc.city, postalCode: doc.postalCode, email: doc.email, phoneNumber: doc.phoneNumber,
    website: doc.website, description: doc.description, descriptionEn: doc.descriptionEn, prefectApprovalReference: doc.prefectApprovalReference,
    isVerified: doc.isVerified, createdAt: doc.createdAt, ownerUserId: doc.ownerUserId,
    pendingIdentityChange: doc.pendingIdentityChange ?? null, verificationWithdrawnAt: doc.verificationWithdrawnAt ?? null,
    approvalGrantedOn: doc.approvalGrantedOn ?? null, approvalExpiresOn: doc.approvalExpiresOn ?? null, notifications: { ...DEFAULT_CENTRE_NOTIFICATIONS, ...doc.notifications },
    revision: streamRevision(doc, streams.organization(doc._id)),
  };
}

/** Every published course of a centre, soonest first (the organizationId index narrows it). */
export function centreCourses(readStore: ReadStore, organizationId: string): Promise<CourseDocument[]> {
  return readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ organizationId, ...PUBLISHED_COURSES }, { sort: { startDate: 1, _id: 1 } });
}

/** One of the centre's courses; another centre's, or none, answers 404 alike. */
export async function ownCourse(readStore: ReadStore, organizationId: string, courseId: string): Promise<CourseDocument> {
  const course = await readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: courseId, organizationId, ...PUBLISHED_COURSES });
  if (!course) throw courseNotFound();
  return course;
}

/**
 * The bookings that count for a centre: an unpaid hold that elapsed was never a booking (its spot went back),
 * so it is left out. The courseId index narrows the query.
 */
export function courseBookings(readStore: ReadStore, courseIds: readonly string[]): Promise<BookingDocument[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ courseId: { $in: [...courseIds] }, status: { $ne: 'EXPIRED' } }, { sort: { createdAt: -1, _id: 1 } });
}

interface ParticipantCounts {
  confirmed: number;
  pending: number;
}

export function countParticipants(bookings: readonly BookingDocument[], coursesById: ReadonlyMap<string, CourseDocument>, now: Date): Map<string, ParticipantCounts> {
  const counts = new Map<string, ParticipantCounts>();
  for (const booking of bookings) {
    const course = coursesById.get(booking.courseId);
    if (!course) continue;
    const status = bookingStatus(booking, course, now);
    const count = counts.get(booking.courseId) ?? { confirmed: 0, pending: 0 };
    if (status === 'CONFIRMED' || status === 'COMPLETED') count.confirmed += 1;
    else if (status === 'PENDING') count.pending += 1;
    counts.set(booking.courseId, count);
  }
  return counts;
}

export function organizationCourseDto(course: CourseDocument, organization: { id: string; name: string }, counts: ParticipantCounts | undefined, now: Date): OrganizationCourseDto {
  const dto = toCourseDto(course, organization, now);
  const confirmed = counts?.confirmed ?? 0;
  return {
    ...dto,
    bookedSpots: course.spotsTaken,
    offersHeld: offersHeldOf(course),
    confirmedParticipants: confirmed,
    pendingBookings: counts?.pending ?? 0,
    shortOfParticipants: isShortOfParticipants(course, confirmed, now),
    cancellationReason: course.cancellationReason ?? null,
    facilitators: course.facilitators ?? [],
    revision: streamRevision(course, streams.course(course._id)),
  };
}
