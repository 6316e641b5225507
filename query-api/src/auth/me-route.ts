import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problems } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { CurrentUserDto } from '../contracts';
import type { QueryApiDeps } from '../deps';

export async function meRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/me', { schema: { response: { 200: CurrentUserDto } } }, async (request) => {
    const { userId } = requireUser(request);
    const user = await deps.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
    if (!user) {
      // The account is gone: so is the session.
      await request.session.destroy();
      throw problems.notSignedIn();
    }
    return { id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, language: user.language };
  });
}
