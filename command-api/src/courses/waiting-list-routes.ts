import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JoinWaitingListResponse } from '../contracts/courses';
import { signedInActor } from '../core/actor';
import type { CommandApiDeps } from '../deps';
import { joinWaitingList, leaveWaitingList } from './waiting-list';

const CourseParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The waiting list of a full course (issue 19 §5): a signed-in learner joins it and leaves it. When a place
 * frees, the waiting-list keeper offers it to the first in line, who books it as any booking
 * (`POST /api/bookings`). Only learners wait: a centre or an administrator has no place in line (403).
 */
export async function waitingListRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/courses/:id/waiting-list', { schema: { params: CourseParams, response: { 201: JoinWaitingListResponse } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['USER']);
    const joined = await joinWaitingList(deps, { courseId: request.params.id, userId: user.userId }, metadata);
    request.eventPosition = joined.eventPosition;
    return reply.status(201).send({ courseId: request.params.id, status: 'WAITING' as const, position: joined.position, joinedAt: joined.joinedAt });
  });

  /** Leaving ends any offer the learner holds: the place goes to the next in line. */
  api.delete('/api/courses/:id/waiting-list', { schema: { params: CourseParams } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['USER']);
    const left = await leaveWaitingList(deps, { courseId: request.params.id, userId: user.userId, reason: 'left' }, metadata);
    request.eventPosition = left.position;
    return reply.status(204).send();
  });
}
