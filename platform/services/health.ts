import type { FastifyInstance } from 'fastify';

/**
 * `/health/live`: the process answers. `/health`: it can do its work (its stores answer, within 2 s);
 * the container's health check and the gateway read it.
 */
export function registerHealth(app: FastifyInstance, service: string, ready: () => Promise<unknown>) {
  // A container's probe asks by whatever name it knows the service under; the answer names nobody.
  app.get('/health/live', { config: { anyHost: true } }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', service }));
  app.get('/health', { config: { anyHost: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await Promise.race([ready(), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 2 s')), 2000).unref())]);
      return reply.send({ status: 'ok', service });
    } catch (error) {
      request.log.warn({ err: error }, `${service} is not ready`);
      return reply.status(503).send({ status: 'unavailable', service, reason: (error as Error).message });
    }
  });
}
