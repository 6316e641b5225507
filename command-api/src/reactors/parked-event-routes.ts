import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { ParkedEventRetryResponse } from '../contracts/parked-events';
import type { CommandApiDeps } from '../deps';

const parkedEventNotFound = () => new HttpProblem(404, 'PARKED_EVENT_NOT_FOUND', { fr: 'Événement en attente introuvable.', en: 'Parked event not found.' });

/**
 * An administrator, the cause of a parked event fixed, asks its reactor to handle it again. The request is recorded
 * in the processor store (202): the reactors' process picks it up within a moment, handles the event (deciding
 * against the streams' real state, so what was half done is done once) and unparks it, or parks it again with the
 * new error. A process stopped meanwhile leaves the request standing for the next one.
 */
export async function parkedEventRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/admin/parked-events/:id/retry', {
    schema: { params: z.object({ id: z.string().min(1).max(300) }), response: { 202: ParkedEventRetryResponse } },
  }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const retryRequestedAt = deps.clock.now().toISOString();
    if (!deps.processors || !(await deps.processors.requestRetry(request.params.id, retryRequestedAt))) throw parkedEventNotFound();
    return reply.status(202).send({ id: request.params.id, retryRequestedAt });
  });
}
