import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseStatusAt, type CourseInput } from '@recup/shared-events';
import { CourseBatchRequest, CourseBatchResponse, CourseResponse, CreateCourseRequest, DeleteCourseResponse, UpdateCourseRequest } from '../contracts/courses';
import { signedInActor } from '../core/actor';
import { COURSE_EDITS, editPrecondition, sendEtag } from '../core/precondition';
import type { CommandApiDeps } from '../deps';
import { ownOrganization } from '../organizations/manage-organization';
import { OrganizationNotFound } from '../organizations/organization-errors';
import { spotsLeft, type ExistingCourse } from './course';
import { BatchWithoutSessions, CourseFieldRequired } from './course-rule-errors';
import { cancelCourse, changeCourse, loadCourse, publishCourse, publishCourseBatch, type CourseActor } from './manage-course';

const CourseParams = z.object({ id: z.string().min(1).max(64) });
const STAFF = ['ORGANIZATION', 'ADMIN'] as const;

function courseResponse(course: ExistingCourse, now: Date): CourseResponse {
  const { details } = course;
  return {
    id: course.courseId, ...details, organizationId: course.organizationId,
    spotsLeft: spotsLeft(course),
    status: courseStatusAt({ cancelled: course.status === 'cancelled', startDate: details.startDate, endDate: details.endDate }, now),
  };
}

function courseInput(body: z.output<typeof UpdateCourseRequest>): CourseInput {
  const { title, titleEn, description, descriptionEn, address, city, postalCode, department, startDate, endDate, price, totalSpots, antsNumber } = body;
  return { title, titleEn, description, descriptionEn, address, city, postalCode, department, startDate, endDate, price, totalSpots, antsNumber };
}

/**
 * The courses of spec 001 §7. A centre acts on its own courses only (another centre's answer 404, as if they
 * did not exist); an administrator on any.
 */
export async function courseRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function actorOf(request: FastifyRequest) {
    const { user, metadata } = signedInActor(request, deps, STAFF);
    const actor: CourseActor = user.role === 'ADMIN' ? { by: 'admin' } : { by: 'centre', organizationId: (await ownOrganization(deps, user.userId)).organizationId };
    return { user, metadata, actor };
  }

  /** The centre that publishes: the caller's own, or the one an administrator names. */
  function publisher(actor: CourseActor, organizationId: string | null | undefined) {
    if (actor.by === 'centre') {
      if (organizationId && organizationId !== actor.organizationId) throw new OrganizationNotFound();
      return actor.organizationId;
    }
    if (!organizationId) throw new CourseFieldRequired({ field: 'organizationId' }, 'organizationId');
    return organizationId;
  }

  api.post('/api/courses', { schema: { body: CreateCourseRequest, response: { 201: CourseResponse } } }, async (request, reply) => {
    const { metadata, actor } = await actorOf(request);
    const organizationId = publisher(actor, request.body.organizationId);
    const published = await publishCourse(deps, { organizationId, input: courseInput(request.body), by: actor.by }, metadata);
    request.eventPosition = published.position;
    return reply.status(201).send(courseResponse(published.course, deps.clock.now()));
  });

  /** Every session checked before anything is written; all published, or none. */
  api.post('/api/courses/batch', { schema: { body: CourseBatchRequest, response: { 201: CourseBatchResponse } } }, async (request, reply) => {
    const { metadata, actor } = await actorOf(request);
    if (request.body.length === 0) throw new BatchWithoutSessions();
    const organizationId = publisher(actor, request.body[0]!.organizationId);
    // Every session of a batch belongs to the same centre.
    if (request.body.some((session) => session.organizationId && session.organizationId !== organizationId)) throw new OrganizationNotFound();
    const batch = await publishCourseBatch(deps, { organizationId, inputs: request.body.map(courseInput), by: actor.by }, metadata);
    request.eventPosition = batch.position;
    const now = deps.clock.now();
    return reply.status(201).send(batch.courses.map(({ courseId, ...details }) => courseResponse({ status: 'scheduled', courseId, organizationId, details, reservations: {}, batchId: batch.batchId, waiting: [], offers: {}, facilitators: [], prefecturePackSent: null, prefecturePackReminders: [] }, now)));
  });

  /** With `If-Match` (the ETag of the course read), refused with 412 when somebody else edited it since. */
  api.patch('/api/courses/:id', { schema: { params: CourseParams, body: UpdateCourseRequest, response: { 200: CourseResponse } } }, async (request, reply) => {
    const { user, metadata, actor } = await actorOf(request);
    const precondition = editPrecondition(request, COURSE_EDITS, user.userId);
    const changed = await changeCourse(deps, request.params.id, actor, courseInput(request.body), metadata, precondition);
    request.eventPosition = changed.position;
    sendEtag(reply, changed.revision);
    return { ...courseResponse(changed.course, deps.clock.now()), revision: changed.revision };
  });

  /** Cancels the course and each of its bookings, refunding those paid; the learners are told by e-mail. */
  api.delete('/api/courses/:id', { schema: { params: CourseParams, response: { 200: DeleteCourseResponse } } }, async (request) => {
    const { user, metadata, actor } = await actorOf(request);
    await loadCourse(deps, request.params.id, actor);
    const cancelled = await cancelCourse(deps, request.params.id, {
      reason: actor.by === 'admin' ? 'deletedByAdmin' : 'deletedByCentre', mode: 'request', cancelledBy: user.userId,
    }, metadata);
    request.eventPosition = cancelled.position;
    return { courseId: request.params.id, status: 'CANCELLED' as const, cancelledBookings: cancelled.cancelledBookings, refunds: cancelled.refunds };
  });
}
