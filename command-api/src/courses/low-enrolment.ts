import { LOW_ENROLMENT_MINIMUM, lowEnrolmentRefusal, type CourseEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { evolveCourse, initialCourseState, type CourseState } from './course';

/** Ten days before a course, whether its centre was already told that it is short of participants. */
type LowEnrolmentState = { course: CourseState; noticed: boolean };
/** `participants`: the course's confirmed bookings, counted on their own streams by whoever asks. */
type NoticeLowEnrolment = { type: 'NoticeLowEnrolment'; participants: number; now: Date };

/** The notice is not due: not yet, the course has started or was cancelled, or it has enough participants. */
export class LowEnrolmentNoticeNotDue extends DomainError {
  constructor(reason: 'NOT_DUE' | 'COURSE_STARTED' | 'ENOUGH_PARTICIPANTS' | 'NOT_SCHEDULED') {
    super('LOW_ENROLMENT_NOTICE_NOT_DUE', { reason });
  }
}

/**
 * Issue 20 §5: ten days before its first day, a scheduled course with fewer than 6 confirmed participants is
 * noticed on its own stream (`CourseLowEnrolmentNoticed`, shown in its history), once; its centre is then mailed.
 */
function decideLowEnrolment(command: NoticeLowEnrolment, state: LowEnrolmentState): CourseEvent[] {
  const { course } = state;
  if (course.status !== 'scheduled') throw new LowEnrolmentNoticeNotDue('NOT_SCHEDULED');
  if (state.noticed) return [];
  const refusal = lowEnrolmentRefusal({ courseStartDate: course.details.startDate, participants: command.participants, now: command.now });
  if (refusal) throw new LowEnrolmentNoticeNotDue(refusal);
  return [{
    type: 'CourseLowEnrolmentNoticed',
    data: { courseId: course.courseId, organizationId: course.organizationId, participants: command.participants, minimum: LOW_ENROLMENT_MINIMUM, noticedAt: command.now.toISOString() },
  }];
}

export const lowEnrolmentDecider: Decider<NoticeLowEnrolment, CourseEvent, LowEnrolmentState> = {
  initialState: () => ({ course: initialCourseState(), noticed: false }),
  evolve: (state, event) => ({ course: evolveCourse(state.course, event), noticed: state.noticed || event.type === 'CourseLowEnrolmentNoticed' }),
  decide: decideLowEnrolment,
};
