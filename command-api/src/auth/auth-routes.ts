import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problems } from '@recup/infra/http/problem';
import { verifyAgainstDecoy, verifyPassword } from '@recup/infra/passwords';
import { LoginRequest } from '../contracts';
import { authProblems } from '../core/domain-error-catalog';
import type { CommandApiDeps } from '../deps';
import { findAccountByEmail } from '../users/accounts';
import { normaliseEmail } from '../users/email-address';

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

  const max = deps.authRateLimitPerMinute ?? 10;
  /**
   * Rate-limited per client (its address, from X-Forwarded-For only when TRUST_PROXY names the proxy) and
   * account, so that guessing one account's password is slow; and per client alone, with a wider budget,
   * so that trying one password on many accounts is slow too.
   */
  const limited = {
    rateLimit: {
      // After parsing, so the key can include the address.
      hook: 'preHandler' as const,
      max,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string; body?: unknown }) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}|${typeof email === 'string' ? normaliseEmail(email) : ''}`;
      },
    },
  };
  const perClient = app.createRateLimit({ max: 5 * max, timeWindow: 60_000, keyGenerator: (request) => `login|${request.ip}` });
  const limitPerClient = async (request: FastifyRequest) => {
    const limit = await perClient(request);
    if (!limit.isAllowed && limit.isExceeded) throw problems.rateLimited(limit.ttl);
  };

  api.post('/api/auth/login', { config: limited, onRequest: limitPerClient, schema: { body: LoginRequest, response: { 200: CurrentUser } } }, async (request) => {
    const { email, password } = request.body;
    const user = await findAccountByEmail(deps.eventStore, email);
    if (!user) {
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
