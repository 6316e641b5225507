import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { pointsEligibility, type CourseTaken } from '@recup/shared-events/points/points-eligibility';
import type { PointsEligibilityDto } from '../contracts';
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

/** The domain's rule (shared-events/points), as the web shows it. */
export function pointsEligibilityDto(course: Pick<CourseDocument, '_id' | 'startDate'>, taken: readonly CourseTaken[], coursesById: ReadonlyMap<string, CourseDocument>): PointsEligibilityDto {
  const { earnsPoints, eligibleFrom, previousCourse } = pointsEligibility({ courseId: course._id, startDate: course.startDate }, taken);
  const previous = previousCourse ? coursesById.get(previousCourse.courseId) : undefined;
  return {
    earnsPoints,
    eligibleFrom,
    previousCourse: previous
      ? { id: previous._id, title: previous.title, titleEn: previous.titleEn ?? previous.title, city: previous.city, startDate: previous.startDate, endDate: previous.endDate }
      : null,
  };
}

/** A learner's bookings and the courses they are for, as the eligibility rule needs them. */
export async function learnerBookings(readStore: ReadStore, userId: string) {
  const bookings = await readStore.collection<BookingDocument>(BOOKINGS_COLLECTION).find({ userId }, { sort: { createdAt: -1 } });
  const courses = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({ _id: { $in: [...new Set(bookings.map((b) => b.courseId))] } });
  return { bookings, coursesById: new Map(courses.map((course) => [course._id, course])) };
}
