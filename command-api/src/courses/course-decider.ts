import type { CourseDetails, CourseEvent, SpotReleaseReason } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveCourse, initialCourseState, spotsTaken, type CourseState } from './course';
import { AlreadyBooked, CourseAlreadyExists, CourseAlreadyStarted, CourseCancelled, CourseNotFound, InvalidCourseSchedule, NoSpotsLeft, OrganizationNotVerified } from './course-errors';

export type ScheduleCourse = {
  type: 'ScheduleCourse';
  courseId: string;
  organizationId: string;
  /** Only a verified centre publishes courses; the handler reads it from the organization's stream. */
  organizationVerified: boolean;
  details: CourseDetails;
  now: Date;
};
export type ReserveSpot = { type: 'ReserveSpot'; courseId: string; bookingId: string; userId: string; now: Date };
export type ReleaseSpot = { type: 'ReleaseSpot'; courseId: string; bookingId: string; reason: SpotReleaseReason };
export type CourseCommand = ScheduleCourse | ReserveSpot | ReleaseSpot;

type Existing = Extract<CourseState, { status: 'scheduled' | 'cancelled' }>;

function scheduleCourse(command: ScheduleCourse, state: CourseState): CourseEvent[] {
  if (state.status !== 'absent') throw new CourseAlreadyExists();
  if (!command.organizationVerified) throw new OrganizationNotVerified();
  const start = Date.parse(command.details.startDate);
  if (Date.parse(command.details.endDate) <= start) throw new InvalidCourseSchedule('END_BEFORE_START');
  if (start <= command.now.getTime()) throw new InvalidCourseSchedule('START_IN_PAST');
  return [{ type: 'CourseScheduled', data: { courseId: command.courseId, organizationId: command.organizationId, ...command.details } }];
}

function reserveSpot(command: ReserveSpot, state: CourseState): CourseEvent[] {
  const course = existing(state);
  if (course.reservations[command.bookingId] === command.userId) return [];
  if (course.status === 'cancelled') throw new CourseCancelled();
  if (Date.parse(course.details.startDate) <= command.now.getTime()) throw new CourseAlreadyStarted();
  if (Object.values(course.reservations).includes(command.userId)) throw new AlreadyBooked();
  if (spotsTaken(course) >= course.details.totalSpots) throw new NoSpotsLeft();
  return [{ type: 'SpotReserved', data: { courseId: course.courseId, bookingId: command.bookingId, userId: command.userId, reservedAt: command.now.toISOString() } }];
}

function releaseSpot(command: ReleaseSpot, state: CourseState): CourseEvent[] {
  const course = existing(state);
  const userId = course.reservations[command.bookingId];
  if (userId === undefined) return [];
  return [{ type: 'SpotReleased', data: { courseId: course.courseId, bookingId: command.bookingId, userId, reason: command.reason } }];
}

function existing(state: CourseState): Existing {
  if (state.status === 'absent') throw new CourseNotFound();
  return state;
}

export function decideCourse(command: CourseCommand, state: CourseState): CourseEvent[] {
  switch (command.type) {
    case 'ScheduleCourse':
      return scheduleCourse(command, state);
    case 'ReserveSpot':
      return reserveSpot(command, state);
    case 'ReleaseSpot':
      return releaseSpot(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, CourseState> = {
  initialState: initialCourseState,
  evolve: evolveCourse,
  decide: decideCourse,
};
