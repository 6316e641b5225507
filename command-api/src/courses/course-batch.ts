import type { BatchCourse, CourseBatchEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';

/** A batch that was withdrawn cannot be published any more. */
export class CourseBatchWithdrawn extends DomainError {
  constructor() {
    super('COURSE_BATCH_WITHDRAWN');
  }
}

/**
 * Several courses published at once, all or none (`courseBatch-<id>`). Started once every session is
 * checked; published once every course is scheduled, so that they show together; or withdrawn.
 */
type CourseBatchState =
  | { status: 'absent' }
  | { status: 'started' | 'published' | 'withdrawn'; batchId: string; organizationId: string; courses: BatchCourse[]; startedAt: string };

type StartCourseBatch = { type: 'StartCourseBatch'; batchId: string; organizationId: string; courses: BatchCourse[]; now: Date };
type PublishCourseBatch = { type: 'PublishCourseBatch'; now: Date };
type WithdrawCourseBatch = { type: 'WithdrawCourseBatch'; reason: string; now: Date };
type CourseBatchCommand = StartCourseBatch | PublishCourseBatch | WithdrawCourseBatch;

function evolve(state: CourseBatchState, event: CourseBatchEvent): CourseBatchState {
  switch (event.type) {
    case 'CourseBatchStarted':
      return { status: 'started', batchId: event.data.batchId, organizationId: event.data.organizationId, courses: event.data.courses, startedAt: event.data.startedAt };
    case 'CourseBatchPublished':
      return state.status === 'absent' ? state : { ...state, status: 'published' };
    case 'CourseBatchWithdrawn':
      return state.status === 'absent' ? state : { ...state, status: 'withdrawn' };
  }
}

function decide(command: CourseBatchCommand, state: CourseBatchState): CourseBatchEvent[] {
  switch (command.type) {
    case 'StartCourseBatch':
      if (state.status !== 'absent') return [];
      return [{ type: 'CourseBatchStarted', data: { batchId: command.batchId, organizationId: command.organizationId, courses: command.courses, startedAt: command.now.toISOString() } }];
    case 'PublishCourseBatch':
      if (state.status === 'absent') throw new Error('unreachable: publishing a batch never started');
      if (state.status === 'withdrawn') throw new CourseBatchWithdrawn();
      if (state.status === 'published') return [];
      return [{ type: 'CourseBatchPublished', data: { batchId: state.batchId, organizationId: state.organizationId, courseIds: state.courses.map((c) => c.courseId), publishedAt: command.now.toISOString() } }];
    case 'WithdrawCourseBatch':
      if (state.status !== 'started') return [];
      return [{ type: 'CourseBatchWithdrawn', data: { batchId: state.batchId, organizationId: state.organizationId, courseIds: state.courses.map((c) => c.courseId), reason: command.reason, withdrawnAt: command.now.toISOString() } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const courseBatchDecider: Decider<CourseBatchCommand, CourseBatchEvent, CourseBatchState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
};
