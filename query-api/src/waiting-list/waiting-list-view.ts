import type { CourseDocument, WaitingListEntry } from '@recup/projector/courses/course-document';

/** Each learner in line with their place among those waiting for an offer (1 = next), null while a place is held for them. */
export function positionsIn(course: Pick<CourseDocument, 'waitingList'>): Array<WaitingListEntry & { position: number | null }> {
  let next = 0;
  return course.waitingList.map((entry) => ({ ...entry, position: entry.offer ? null : (next += 1) }));
}
