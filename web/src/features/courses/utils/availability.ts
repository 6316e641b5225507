/** At or below this many spots left, a course is shown as having limited availability. */
export const LOW_AVAILABILITY_THRESHOLD = 5;

export type Availability = 'available' | 'limited' | 'full';

export function availabilityOf(spotsLeft: number): Availability {
  if (spotsLeft <= 0) return 'full';
  if (spotsLeft <= LOW_AVAILABILITY_THRESHOLD) return 'limited';
  return 'available';
}

export function isBookable(course: { spotsLeft: number; status: string }): boolean {
  return course.status === 'SCHEDULED' && availabilityOf(course.spotsLeft) !== 'full';
}
