import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@recup/infra/http/sessions';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { AdminUserDto } from '../contracts';
import type { QueryApiDeps } from '../deps';

export async function adminUserRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  /** Every account, newest first; the admin screen searches and filters on the client (spec 001 §2). */
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/users', { schema: { response: { 200: z.array(AdminUserDto) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const users = await deps.readStore.collection<UserDocument>(USERS_COLLECTION).find({}, { sort: { createdAt: -1 } });
    return users.map((u) => ({
      id: u._id, email: u.email, firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber, role: u.role,
      language: u.language, isVerified: u.isVerified, createdAt: u.createdAt,
    }));
  });
}
