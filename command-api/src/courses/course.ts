import type { CourseDetails, CourseEvent } from '@recup/shared-events';

export type CourseState =
  | {
      status: 'absent';
      /** Cancelled before it was ever scheduled (its centre deleted, its batch withdrawn): it never will be. */
      withdrawn?: boolean;
    }
  | {
      status: 'scheduled' | 'cancelled';
      courseId: string;
      organizationId: string;
      details: CourseDetails;
      /** Active reservations: booking id → learner id. */
      reservations: Record<string, string>;
      /** The batch it was published with, if any. */
      batchId: string | null;
    };

export type ExistingCourse = Extract<CourseState, { status: 'scheduled' | 'cancelled' }>;

export const initialCourseState = (): CourseState => ({ status: 'absent' });

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseScheduled': {
      const { courseId, organizationId, batchId, ...details } = event.data;
      return { status: 'scheduled', courseId, organizationId, details, reservations: {}, batchId: batchId ?? null };
    }
    case 'CourseDetailsChanged': {
      const { courseId: _courseId, ...details } = event.data;
      return state.status === 'absent' ? state : { ...state, details };
    }
    case 'CourseCancelled':
      return state.status === 'absent' ? { status: 'absent', withdrawn: true } : { ...state, status: 'cancelled' };
    case 'SpotReserved':
      return state.status === 'absent' ? state : { ...state, reservations: { ...state.reservations, [event.data.bookingId]: event.data.userId } };
    case 'SpotReleased': {
      if (state.status === 'absent') return state;
      const { [event.data.bookingId]: _released, ...reservations } = state.reservations;
      return { ...state, reservations };
    }
  }
}

export function spotsTaken(state: ExistingCourse): number {
  return Object.keys(state.reservations).length;
}
