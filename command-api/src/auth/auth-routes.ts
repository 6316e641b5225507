import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyAgainstDecoy, verifyPassword } from '@recup/infra/passwords';
import { streams } from '@recup/shared-events';
import { LoginRequest } from '../contracts';
import { readState } from '../core/decider';
import { authProblems } from '../core/domain-error-catalog';
import type { CommandApiDeps } from '../deps';
import { userEmailStream } from '../users/email-address';
import { userDecider } from '../users/user-decider';

const CurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['USER', 'ORGANIZATION', 'ADMIN']),
  language: z.enum(['FR', 'EN']),
});

export async function authRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/auth/login', { schema: { body: LoginRequest, response: { 200: CurrentUser } } }, async (request) => {
    const { email, password } = request.body;
    const [claim] = await deps.eventStore.readStream(userEmailStream(email), { maxCount: 1 });
    const userId = (claim?.data as { userId?: string } | undefined)?.userId;
    const user = userId ? await readState(deps.eventStore, streams.user(userId), userDecider) : null;
    if (!user || user.state.status === 'absent') {
      await verifyAgainstDecoy(password);
      throw authProblems.invalidCredentials();
    }
    if (!(await verifyPassword(user.state.passwordHash, password))) throw authProblems.invalidCredentials();
    if (!user.state.verified) throw authProblems.emailNotVerified();

    // A new session id at sign-in: a session id planted before sign-in is worth nothing after it.
    await request.session.regenerate();
    request.session.userId = user.state.userId;
    request.session.role = user.state.role;
    request.session.createdAt = deps.clock.now().getTime();
    request.eventPosition = user.position;
    const { profile } = user.state;
    return { id: user.state.userId, email: user.state.email, firstName: profile.firstName, lastName: profile.lastName, role: user.state.role, language: profile.language };
  });

  api.post('/api/auth/logout', {}, async (request, reply) => {
    await request.session.destroy();
    return reply.status(204).send();
  });
}
