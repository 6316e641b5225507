import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from '@recup/infra/http/zod-validation';
import { registerCsrfProtection } from '@recup/infra/http/csrf';
import { siteAddresses } from '@recup/infra/http/site-addresses';
import { problems, registerProblemHandling } from '@recup/infra/http/problem';
import { EmbeddedRateLimitStore } from '@recup/infra/rate-limit/embedded-rate-limit-store';
import { fastifyRateLimitStore } from '@recup/infra/rate-limit/fastify-rate-limit-store';
import { API_DOCS, registerOpenApi } from '@recup/infra/http/openapi';
import { EVENT_POSITION_HEADER } from '@recup/infra/http/read-your-writes';
import { registerSessions } from '@recup/infra/http/sessions';
import { testGatewayRoutes } from '@recup/infra/payments/test-gateway-routes';
import { StripePaymentGateway } from '@recup/infra/payments/stripe-gateway';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes';
import { authRoutes } from './auth/auth-routes';
import { adminBookingRoutes } from './bookings/admin-booking-routes';
import { adminPaymentRoutes } from './payments/admin-payment-routes';
import { parkedEventRoutes } from './reactors/parked-event-routes';
import { statementRoutes } from './statements/statement-routes';
import { historyRoutes } from './history/history-routes';
import { annualReportRoutes } from './reports/annual-report-routes';
import { bookingRoutes } from './bookings/booking-routes';
import { moveRoutes } from './bookings/move-routes';
import { attendanceRoutes } from './courses/attendance-routes';
import { prefecturePackRoutes } from './courses/prefecture-pack-routes';
import { courseRoutes } from './courses/course-routes';
import { waitingListRoutes } from './courses/waiting-list-routes';
import { organizationRoutes } from './organizations/organization-routes';
import { streams } from '@recup/shared-events';
import { BackgroundTasks } from './core/background';
import { readState } from './core/decider';
import { domainErrorToProblem, FIELD_LABELS } from './core/domain-error-catalog';
import { publicUrl } from './core/public-url';
import type { CommandApiDeps } from './deps';
import { accountRoutes } from './users/account-routes';
import { adminUserRoutes } from './users/admin-user-routes';
import { profileRoutes } from './users/profile-routes';
import { userDecider } from './users/user-decider';
import { bookingDecider } from './bookings/booking-decider';

/**
 * The command API as a Fastify plugin: every state-changing call (POST, PATCH, DELETE) of `/api`. Each
 * answer carries the global position of what it wrote (`X-Event-Position`), so that the caller's next
 * query can wait for the projection to reach it.
 */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps & { background?: BackgroundTasks }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandling(app, { mapError: domainErrorToProblem, fieldLabels: FIELD_LABELS });
  await registerOpenApi(app, {
    title: "Récup'Points command API",
    description: 'Every state-changing call. Send `X-Requested-With` on writes; each answer carries `X-Event-Position`, to send back as `X-Min-Position` to the query API.',
    documentUrl: API_DOCS.command,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // The counters live in the rate-limit store the launcher chose: shared by every replica on MongoDB.
    store: fastifyRateLimitStore(deps.rateLimitStore ?? new EmbeddedRateLimitStore()),
    errorResponseBuilder: (_request, context) => problems.rateLimited(context.ttl),
  });
  await registerSessions(app, {
    ...deps.sessions,
    // Sign-in stamps sessions with the command clock: their limits are measured on the same clock.
    now: deps.sessions.now ?? (() => deps.clock.now().getTime()),
    currentRole: async (userId) => {
      const { state } = await readState(deps.eventStore, streams.user(userId), userDecider);
      // A deleted account, or one whose address is no longer verified, has no session.
      return state.status === 'registered' && state.verified ? state.role : null;
    },
  });
  // The site's origin is the one its e-mail links name (PUBLIC_URL, or the embedded platform's own address).
  registerCsrfProtection(app, siteAddresses(publicUrl(deps.publicUrl)));
  const background = deps.background ?? new BackgroundTasks(app.log);

  app.decorateRequest('eventPosition', 0);
  app.addHook('onSend', async (request, reply) => {
    reply.header(EVENT_POSITION_HEADER, String(request.eventPosition));
  });

  await authRoutes(app, deps);
  await accountRoutes(app, { ...deps, background });
  await profileRoutes(app, deps);
  await adminUserRoutes(app, deps);
  await bookingRoutes(app, deps);
  await moveRoutes(app, deps);
  await adminBookingRoutes(app, deps);
  await adminPaymentRoutes(app, deps);
  await parkedEventRoutes(app, deps);
  await statementRoutes(app, deps);
  await courseRoutes(app, deps);
  await attendanceRoutes(app, deps);
  await prefecturePackRoutes(app, deps);
  await waitingListRoutes(app, deps);
  await organizationRoutes(app, deps);
  await historyRoutes(app, deps);
  await annualReportRoutes(app, deps);
  // The browser's side of the provider: the test gateway's card form and challenge pages, or Stripe's webhook.
  if (deps.payments instanceof EmbeddedTestGateway) {
    const gateway = deps.payments;
    await testGatewayRoutes(app, gateway, {
      // The learner whose booking the intent pays for: the booking's own history says who that is.
      payerOf: async (intentId) => {
        const bookingId = (await gateway.retrieveIntent(intentId))?.metadata.bookingId;
        if (!bookingId) return null;
        const { state } = await readState(deps.eventStore, streams.booking(bookingId), bookingDecider);
        return state.status === 'absent' ? null : state.userId;
      },
    });
  }
  if (deps.payments instanceof StripePaymentGateway) await stripeWebhookRoutes(app, deps, deps.payments);
}
