import { packDeadline, packDue, packReminderStillDue, type CourseEvent, type PackReminderDay } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveCourse, initialCourseState, type CourseState } from './course';
import { CourseNotFound } from './course-errors';
import { CancelledCourseHasNoPack, PrefecturePackNotDue } from './prefecture-pack-errors';

/** The centre (or an administrator for it) says the course's pack went to the prefecture. Once: saying it again changes nothing. */
export type MarkPrefecturePackSent = { type: 'MarkPrefecturePackSent'; courseId: string; sentBy: string; now: Date };
/**
 * The reminder keeper asks to remind the centre, `day` days after the course. Nothing happens (no error: a duty run
 * again, an event seen twice) when the reminder went already, the pack was sent, the course was cancelled, or the
 * reminder's time is not now (too early, or over), or nobody holds a place on the course.
 */
export type RemindPrefecturePack = { type: 'RemindPrefecturePack'; courseId: string; day: PackReminderDay; now: Date };
type PrefecturePackCommand = MarkPrefecturePackSent | RemindPrefecturePack;

function markSent(command: MarkPrefecturePackSent, state: CourseState): CourseEvent[] {
  if (state.status === 'absent') throw new CourseNotFound();
  if (state.status === 'cancelled') throw new CancelledCourseHasNoPack();
  if (!packDue(state.details.endDate, command.now)) throw new PrefecturePackNotDue(state.details.endDate);
  if (state.prefecturePackSent) return [];
  return [{ type: 'CoursePrefecturePackSent', data: { courseId: state.courseId, sentBy: command.sentBy, sentAt: command.now.toISOString() } }];
}

function remind(command: RemindPrefecturePack, state: CourseState): CourseEvent[] {
  if (state.status !== 'scheduled' || state.prefecturePackSent || state.prefecturePackReminders.includes(command.day)) return [];
  // A course nobody holds a place on has nobody's attestation nor sheet to send.
  if (Object.keys(state.reservations).length === 0) return [];
  const { endDate } = state.details;
  if (!packReminderStillDue(endDate, command.day, command.now)) return [];
  return [{ type: 'CoursePrefecturePackReminderSent', data: { courseId: state.courseId, day: command.day, deadline: packDeadline(endDate), sentAt: command.now.toISOString() } }];
}

function decidePrefecturePack(command: PrefecturePackCommand, state: CourseState): CourseEvent[] {
  switch (command.type) {
    case 'MarkPrefecturePackSent':
      return markSent(command, state);
    case 'RemindPrefecturePack':
      return remind(command, state);
  }
}

/** The pack's rules on the course's stream (issue 20 §3): the course's state as every course decider folds it. */
export const prefecturePackDecider: Decider<PrefecturePackCommand, CourseEvent, CourseState> = {
  initialState: initialCourseState,
  evolve: evolveCourse,
  decide: decidePrefecturePack,
};
