import { courseStatusAt } from '@recup/shared-events';
import type { CourseDocument } from '@recup/projector/courses/course-document';
import type { CourseDto, CourseStatus } from '../contracts';

/** Status follows the clock: SCHEDULED until the start, IN_PROGRESS until the end, then COMPLETED (the same rule in every view). */
export function courseStatus(course: Pick<CourseDocument, 'cancelled' | 'startDate' | 'endDate'>, now: Date): CourseStatus {
  return courseStatusAt(course, now);
}

export function toCourseDto(
  course: CourseDocument,
  organization: { id: string; name: string; prefectApprovalReference?: string | null },
  now: Date,
  distanceKm: number | null = null,
  refundCutoffHours = 72,
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
    spotsLeft: Math.max(0, course.totalSpots - course.spotsTaken),
    totalSpots: course.totalSpots,
    antsNumber: course.antsNumber,
    organization: { id: organization.id, name: organization.name, prefectApprovalReference: organization.prefectApprovalReference ?? null },
    status: courseStatus(course, now),
    distanceKm,
    refundCutoffHours,
  };
}
