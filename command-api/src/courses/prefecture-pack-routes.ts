import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IsoDateTime, streams } from '@recup/shared-events';
import { signedInActor } from '../core/actor';
import { handleCommand } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { ownOrganization } from '../organizations/manage-organization';
import { loadCourse, type CourseActor } from './manage-course';
import { prefecturePackDecider } from './prefecture-pack-decider';

const CourseParams = z.object({ id: z.string().min(1).max(64) });
const PrefecturePackSentResponse = z.object({ courseId: z.string(), sentAt: IsoDateTime, sentBy: z.string() });
const STAFF = ['ORGANIZATION', 'ADMIN'] as const;

/**
 * The centre says its course's pack went to the prefecture (issue 20 §3): `CoursePrefecturePackSent` on the course's
 * stream, once (saying it again answers the first time's record). Before the course's end → 409; another centre's
 * course → 404. An administrator may say it for the course's centre, as for attendance.
 */
export async function prefecturePackRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/organization/courses/:id/prefecture-pack/sent', {
    schema: { params: CourseParams, response: { 200: PrefecturePackSentResponse } },
  }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, STAFF);
    const actor: CourseActor = user.role === 'ADMIN' ? { by: 'admin' } : { by: 'centre', organizationId: (await ownOrganization(deps, user.userId)).organizationId };
    await loadCourse(deps, request.params.id, actor);
    const result = await handleCommand(deps.eventStore, streams.course(request.params.id), prefecturePackDecider, {
      type: 'MarkPrefecturePackSent', courseId: request.params.id, sentBy: user.userId, now: deps.clock.now(),
    }, { metadata });
    request.eventPosition = result.position;
    const sent = result.state.status === 'absent' ? null : result.state.prefecturePackSent;
    return { courseId: request.params.id, sentAt: sent!.sentAt, sentBy: sent!.sentBy };
  });
}
