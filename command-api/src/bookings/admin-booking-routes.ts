import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInActor } from '../core/actor';
import type { CommandApiDeps } from '../deps';
import { deleteBooking } from './manage-booking';

export async function adminBookingRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  /** Only a PENDING booking is deleted, for good (spec 001 §4); its spot goes back. */
  app.withTypeProvider<ZodTypeProvider>().delete('/api/admin/bookings/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['ADMIN']);
    request.eventPosition = (await deleteBooking(deps, request.params.id, user.userId, metadata)).position;
    return reply.status(204).send();
  });
}
