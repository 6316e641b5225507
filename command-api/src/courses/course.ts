import type { CourseDetails, CourseEvent } from '@recup/shared-events';

export type CourseState =
  | { status: 'absent' }
  | {
      status: 'scheduled' | 'cancelled';
      courseId: string;
      organizationId: string;
      details: CourseDetails;
      /** Active reservations: booking id → learner id. */
      reservations: Record<string, string>;
    };

export const initialCourseState = (): CourseState => ({ status: 'absent' });

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseScheduled': {
      const { courseId, organizationId, ...details } = event.data;
      return { status: 'scheduled', courseId, organizationId, details, reservations: {} };
    }
    case 'CourseCancelled':
      return state.status === 'absent' ? state : { ...state, status: 'cancelled' };
    case 'SpotReserved':
      return state.status === 'absent' ? state : { ...state, reservations: { ...state.reservations, [event.data.bookingId]: event.data.userId } };
    case 'SpotReleased': {
      if (state.status === 'absent') return state;
      const { [event.data.bookingId]: _released, ...reservations } = state.reservations;
      return { ...state, reservations };
    }
  }
}

export function spotsTaken(state: Extract<CourseState, { status: 'scheduled' | 'cancelled' }>): number {
  return Object.keys(state.reservations).length;
}
