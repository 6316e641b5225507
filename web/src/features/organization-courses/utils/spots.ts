/** Spec 001 §2: a course's places in green above 5 left, yellow from 1 to 5, red when full. */
export function spotsColour(spotsLeft: number): 'success' | 'warning' | 'error' {
  if (spotsLeft <= 0) return 'error';
  if (spotsLeft <= 5) return 'warning';
  return 'success';
}

/** Spec 001 §2: Upcoming is a SCHEDULED course still to start; Past, one that started or is no longer SCHEDULED. */
export function isUpcoming(course: { status: string; startDate: string }, now: Date): boolean {
  return course.status === 'SCHEDULED' && Date.parse(course.startDate) > now.getTime();
}
