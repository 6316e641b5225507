import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from '@recup/infra/http/zod-validation';
import { registerCsrfProtection } from '@recup/infra/http/csrf';
import { registerProblemHandling } from '@recup/infra/http/problem';
import { EVENT_POSITION_HEADER } from '@recup/infra/http/read-your-writes';
import { registerSessions } from '@recup/infra/http/sessions';
import { testGatewayRoutes } from '@recup/infra/payments/test-gateway-routes';
import { authRoutes } from './auth/auth-routes';
import { bookingRoutes } from './bookings/booking-routes';
import { domainErrorToProblem } from './core/domain-error-catalog';
import type { CommandApiDeps } from './deps';

/**
 * The command API as a Fastify plugin: every state-changing call (POST, PATCH, DELETE) of `/api`. Each
 * answer carries the global position of what it wrote (`X-Event-Position`), so that the caller's next
 * query can wait for the projection to reach it.
 */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandling(app, { mapError: domainErrorToProblem });
  await registerSessions(app, deps.sessions);
  registerCsrfProtection(app);

  app.decorateRequest('eventPosition', 0);
  app.addHook('onSend', async (request, reply) => {
    reply.header(EVENT_POSITION_HEADER, String(request.eventPosition));
  });

  await authRoutes(app, deps);
  await bookingRoutes(app, deps);
  if (deps.testGateway) await testGatewayRoutes(app, deps.testGateway);
}
