import type { CourseStatus } from '@recup/query-api/contracts';

/** At or below this many spots left, a course is shown as having limited availability. */
const LOW_AVAILABILITY_THRESHOLD = 5;

/** What a course's badge says: its state once it is no longer open (cancelled, started, finished), else its spots. */
export type Availability = 'available' | 'limited' | 'full' | 'cancelled' | 'started' | 'finished';

/** The spots alone: how many are left, whatever the course's state. */
export function availabilityOf(spotsLeft: number): Availability {
  if (spotsLeft <= 0) return 'full';
  if (spotsLeft <= LOW_AVAILABILITY_THRESHOLD) return 'limited';
  return 'available';
}

const closedStates: Partial<Record<CourseStatus, Availability>> = { CANCELLED: 'cancelled', IN_PROGRESS: 'started', COMPLETED: 'finished' };

/**
 * A course's availability as a learner reads it: a cancelled, started or finished course says so, whatever spots it
 * still counts (a cancelled course keeps its 20 free places, and none can be booked); a scheduled one, its spots.
 */
export function courseAvailability(course: { spotsLeft: number; status: CourseStatus }): Availability {
  return closedStates[course.status] ?? availabilityOf(course.spotsLeft);
}

export function isBookable(course: { spotsLeft: number; status: CourseStatus }): boolean {
  const availability = courseAvailability(course);
  return availability === 'available' || availability === 'limited';
}
