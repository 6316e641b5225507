import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { pointsEligibility, type CourseTaken } from '@recup/shared-events/points/points-eligibility';
import type { EligibilityCourseDto, PointsEligibilityDto } from '../contracts';
import { bookingStatus } from './booking-view';

/**
 * The courses a learner took or holds a place on with us: their bookings shown CONFIRMED or COMPLETED (a pending,
 * cancelled or expired one gives no course).
 */
export function coursesTaken(bookings: readonly BookingDocument[], coursesById: ReadonlyMap<string, CourseDocument>, now: Date): CourseTaken[] {
  return bookings.flatMap((booking) => {
    const course = coursesById.get(booking.courseId);
    if (!course || course.cancelled) return [];
    const status = bookingStatus(booking, course, now);
    return status === 'CONFIRMED' || status === 'COMPLETED' ? [{ courseId: course._id, startDate: course.startDate, endDate: course.endDate }] : [];
  });
}

function eligibilityCourse(course: CourseDocument): EligibilityCourseDto {
  return { id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, city: course.city, startDate: course.startDate, endDate: course.endDate };
}

/** The domain's rule (shared-events/points), as the web shows it: the other courses named with their dates. */
export function pointsEligibilityDto(course: Pick<CourseDocument, '_id' | 'startDate' | 'endDate'>, taken: readonly CourseTaken[], coursesById: ReadonlyMap<string, CourseDocument>): PointsEligibilityDto {
  const { earnsPoints, eligibleFrom, previousCourse, coursesLosingPoints } = pointsEligibility({ courseId: course._id, startDate: course.startDate, endDate: course.endDate }, taken);
  const known = (id: string) => coursesById.get(id);
  const previous = previousCourse ? known(previousCourse.courseId) : undefined;
  return {
    earnsPoints,
    eligibleFrom,
    previousCourse: previous ? eligibilityCourse(previous) : null,
    coursesLosingPoints: coursesLosingPoints.flatMap((other) => {
      const found = known(other.courseId);
      return found ? [eligibilityCourse(found)] : [];
    }),
  };
}

/** A learner's bookings and the courses they are for, as the eligibility rule needs them. */
export async function learnerBookings(readStore: ReadStore, userId: string) {
  const bookings = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ userId }, { sort: { createdAt: -1 } });
  // With the courses they moved from and the one a move waits to pay for, which the bookings name.
  const ids = bookings.flatMap((b) => [b.courseId, ...(b.movedFrom ?? []).map((move) => move.courseId), ...(b.pendingMove ? [b.pendingMove.toCourseId] : [])]);
  const courses = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ _id: { $in: [...new Set(ids)] } });
  return { bookings, coursesById: new Map(courses.map((course) => [course._id, course])) };
}
