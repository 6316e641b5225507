import type { FastifyInstance } from 'fastify';

/**
 * `/health/live`: the process answers. `/health`: it can do its work (its stores answer, within 2 s);
 * the container's health check and the gateway read it.
 *
 * Both answer whatever name they are asked under (`anyHost`): a container's probe, and the gateway, know a
 * service by a name of their own (`127.0.0.1:3001`, `command-api:3001`) that is not the site's once PUBLIC_URL
 * is public. That is harmless because of what they are: a GET that reads no cookie and no session, changes
 * nothing, and whose answer names nothing but the service and whether it is up (never why it is not: that goes to
 * the log, for it may name an internal address or a store's error), and is kept by no cache. A service may add counts
 * that name nothing either (the projector: how many events its reactors parked, for an alert on `parkedEvents > 0`).
 */
export function registerHealth(app: FastifyInstance, service: string, ready: () => Promise<unknown>, counts?: () => Promise<Record<string, number>>) {
  app.get('/health/live', { config: { anyHost: true } }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', service }));
  app.get('/health', { config: { anyHost: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await Promise.race([ready(), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 2 s')), 2000).unref())]);
      return reply.send({ status: 'ok', service, ...(counts ? await counts() : {}) });
    } catch (error) {
      request.log.warn({ err: error }, `${service} is not ready`);
      return reply.status(503).send({ status: 'unavailable', service });
    }
  });
}
