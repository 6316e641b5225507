import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendanceOutcome, streams, type CourseHalfDay as HalfDay, type EventMetadata, type Presence as PresenceValue } from '@recup/shared-events';
import { NameFacilitatorsRequest, NameFacilitatorsResponse, RecordAttendanceRequest, RecordAttendanceResponse } from '../contracts/attendance';
import { signedInActor } from '../core/actor';
import { handleCommand, readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { ownOrganization } from '../organizations/manage-organization';
import { attendanceDecider, decideAttendance, type RecordAttendance } from '../bookings/attendance-decider';
import { BookingNotFound } from '../bookings/booking-errors';
import { courseDecider } from './course-decider';
import { loadCourse, type CourseActor } from './manage-course';

const CourseParams = z.object({ id: z.string().min(1).max(64) });
const STAFF = ['ORGANIZATION', 'ADMIN'] as const;

/**
 * Records presences on a course's bookings (issue 20 §1): every booking named must be on the course (else 404, as
 * another centre's would be), every change decided before any is appended, one BookingAttendanceRecorded per
 * booking whose row changed.
 */
async function recordAttendance(
  deps: Pick<CommandApiDeps, 'eventStore' | 'clock'>, courseId: string, actor: CourseActor, recordedBy: string,
  entries: Array<{ bookingId: string; halfDay: HalfDay; presence: PresenceValue }>, metadata: EventMetadata,
) {
  const course = await loadCourse(deps, courseId, actor);
  const now = deps.clock.now();
  const byBooking = new Map<string, Partial<Record<HalfDay, PresenceValue>>>();
  for (const { bookingId, halfDay, presence } of entries) byBooking.set(bookingId, { ...byBooking.get(bookingId), [halfDay]: presence });
  const commands: RecordAttendance[] = [...byBooking].map(([bookingId, presences]) => ({
    type: 'RecordAttendance', bookingId, presences, by: actor.by, recordedBy, now,
    course: { courseId, startDate: course.state.details.startDate, endDate: course.state.details.endDate },
  }));
  // All or nothing as far as the rules go: each booking is decided first, against its stream as it stands.
  for (const command of commands) {
    const { state } = await readState(deps.eventStore, streams.booking(command.bookingId), attendanceDecider);
    if (state.status === 'absent' || state.courseId !== courseId) throw new BookingNotFound();
    decideAttendance(command, state);
  }
  let position = 0;
  let changed = 0;
  const rows = [];
  for (const command of commands) {
    const result = await handleCommand(deps.eventStore, streams.booking(command.bookingId), attendanceDecider, command, { metadata });
    position = Math.max(position, result.position);
    changed += result.events.length > 0 ? 1 : 0;
    const halfDays = result.state.status === 'absent' ? {} : (result.state.attendance ?? {});
    rows.push({ bookingId: command.bookingId, attendance: { halfDays, outcome: attendanceOutcome(halfDays) } });
  }
  return { changed, rows, position };
}

/**
 * Attendance and facilitators of a course: the centre on its own courses (another centre's course or booking answers
 * 404), an administrator on any course, through these same routes, at any time (to correct after the window).
 */
export async function attendanceRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function actorOf(request: FastifyRequest) {
    const { user, metadata } = signedInActor(request, deps, STAFF);
    const actor: CourseActor = user.role === 'ADMIN' ? { by: 'admin' } : { by: 'centre', organizationId: (await ownOrganization(deps, user.userId)).organizationId };
    return { user, actor, metadata };
  }

  api.put('/api/organization/courses/:id/attendance', {
    schema: { params: CourseParams, body: RecordAttendanceRequest, response: { 200: RecordAttendanceResponse } },
  }, async (request) => {
    const { user, actor, metadata } = await actorOf(request);
    const result = await recordAttendance(deps, request.params.id, actor, user.userId, request.body.entries, metadata);
    request.eventPosition = result.position;
    return { courseId: request.params.id, changed: result.changed, rows: result.rows };
  });

  api.put('/api/organization/courses/:id/facilitators', {
    schema: { params: CourseParams, body: NameFacilitatorsRequest, response: { 200: NameFacilitatorsResponse } },
  }, async (request) => {
    const { user, actor, metadata } = await actorOf(request);
    await loadCourse(deps, request.params.id, actor);
    const result = await handleCommand(deps.eventStore, streams.course(request.params.id), courseDecider, {
      type: 'NameFacilitators', courseId: request.params.id, facilitators: request.body.facilitators, namedBy: user.userId, now: deps.clock.now(),
    }, { metadata });
    request.eventPosition = result.position;
    return { courseId: request.params.id, facilitators: result.state.status === 'absent' ? [] : result.state.facilitators };
  });
}
