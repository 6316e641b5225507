import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '@recup/infra/http/sessions';
import type { ParkedEvent } from '@recup/infra/processor-store/port';
import { ParkedEventsDto, type ParkedEventDto } from '../contracts/admin';
import type { QueryApiDeps } from '../deps';

const toParkedEventDto = (parked: ParkedEvent): ParkedEventDto => ({
  id: parked.id, reactor: parked.reactor, eventId: parked.event.id, eventType: parked.event.type, streamName: parked.event.streamName, position: parked.position,
  occurredAt: parked.event.metadata.occurredAt, error: parked.error, attempts: parked.attempts, parkedAt: parked.parkedAt, retryRequestedAt: parked.retryRequestedAt,
});

/**
 * The events the reactors parked after their handler kept failing, with the error, for the administrators, who fix
 * the cause and ask for a retry (`POST /api/admin/parked-events/:id/retry`, the command API). Read from the processor
 * store beside the log, not from a read model: nothing to wait for.
 */
export async function adminParkedEventRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/parked-events', { schema: { response: { 200: ParkedEventsDto } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const items = (await deps.processors?.parkedEvents()) ?? [];
    return { count: items.length, items: items.map(toParkedEventDto) };
  });
}
