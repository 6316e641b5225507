import { COURSE_LAW } from './course-rules';

export const COURSE_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type CourseStatusName = (typeof COURSE_STATUSES)[number];

/**
 * A course's status follows the clock: SCHEDULED until its start, IN_PROGRESS until its end, then
 * COMPLETED; CANCELLED once cancelled. Every view computes it here, so all of them say the same at the same
 * instant.
 */
export function courseStatusAt(course: { cancelled: boolean; startDate: string; endDate: string }, now: Date): CourseStatusName {
  if (course.cancelled) return 'CANCELLED';
  if (now.getTime() < Date.parse(course.startDate)) return 'SCHEDULED';
  if (now.getTime() < Date.parse(course.endDate)) return 'IN_PROGRESS';
  return 'COMPLETED';
}

/** Days before the start within which a course still short of its minimum group is flagged to its centre. */
export const LOW_ENROLMENT_WINDOW_DAYS = COURSE_LAW.declarationDays;

/**
 * A course that will not reach the legal minimum of 6 participants unless the centre acts: fewer than 6
 * confirmed bookings, starting within 10 days, neither started nor cancelled.
 */
export function isShortOfParticipants(course: { cancelled: boolean; startDate: string }, confirmed: number, now: Date): boolean {
  const untilStart = Date.parse(course.startDate) - now.getTime();
  return !course.cancelled && untilStart > 0 && untilStart <= LOW_ENROLMENT_WINDOW_DAYS * 86_400_000 && confirmed < COURSE_LAW.minParticipants;
}
