import { attestationRoutes } from './attestations/attestation-routes';
import { attendanceRoutes } from './organization/attendance-routes';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from '@recup/infra/http/zod-validation';
import { registerProblemHandling } from '@recup/infra/http/problem';
import { API_DOCS, registerOpenApi } from '@recup/infra/http/openapi';
import { registerReadYourWrites } from '@recup/infra/http/read-your-writes';
import { registerSessions } from '@recup/infra/http/sessions';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { meRoute } from './auth/me-route';
import { invoiceRoute } from './invoices/invoice-route';
import { bookingDocumentRoutes } from './bookings/booking-document-routes';
import { sellerRoute } from './legal/seller-route';
import { seoRoutes } from './seo/seo-routes';
import { adminBookingRoutes } from './admin/admin-booking-routes';
import { adminCourseRoutes } from './admin/admin-course-routes';
import { adminOrganizationRoutes } from './admin/admin-organization-routes';
import { adminPaymentRoutes } from './admin/admin-payment-routes';
import { adminParkedEventRoutes } from './admin/admin-parked-event-routes';
import { adminStatsRoute } from './admin/admin-stats-route';
import { adminUserRoutes } from './users/admin-user-routes';
import { profileRoute } from './users/profile-route';
import { userBookingRoutes } from './bookings/user-booking-routes';
import { transferOptionRoutes } from './bookings/transfer-options';
import { courseRoutes } from './courses/course-routes';
import { organizationRoutes } from './organization/organization-routes';
import { prefecturePackRoutes } from './organization/prefecture-pack-routes';
import { statementRoutes } from './statements/statement-routes';
import { placeRoutes } from './places/place-routes';
import { waitingListRoutes } from './waiting-list/waiting-list-routes';
import type { QueryApiDeps } from './deps';

/**
 * The query API as a Fastify plugin: every GET of `/api`, served from the read models. A caller who sends
 * `X-Min-Position` gets an answer that includes its own writes, or a 503 with Retry-After.
 */
export async function queryApi(app: FastifyInstance, deps: QueryApiDeps) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandling(app);
  await registerOpenApi(app, {
    title: "Récup'Points query API",
    description: 'Every read, from the read models. Send the highest `X-Event-Position` received as `X-Min-Position` to read your own writes (503 with Retry-After past 2 s).',
    documentUrl: API_DOCS.query,
  });
  // The query API never opens a session: an anonymous read touches neither the session store nor a cookie.
  await registerSessions(app, {
    ...deps.sessions,
    opensSessions: false,
    currentRole: async (userId) => (await deps.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }))?.role ?? null,
  });
  registerReadYourWrites(app, deps.progress, { timeoutMs: deps.consistencyTimeoutMs ?? 2000 });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    reply.header('Cache-Control', 'no-store');
    done();
  });

  await meRoute(app, deps);
  await courseRoutes(app, deps);
  await userBookingRoutes(app, deps);
  await transferOptionRoutes(app, deps);
  await waitingListRoutes(app, deps);
  await profileRoute(app, deps);
  await adminUserRoutes(app, deps);
  await adminStatsRoute(app, deps);
  await adminCourseRoutes(app, deps);
  await adminBookingRoutes(app, deps);
  await adminPaymentRoutes(app, deps);
  await adminParkedEventRoutes(app, deps);
  await adminOrganizationRoutes(app, deps);
  await invoiceRoute(app, deps);
  await bookingDocumentRoutes(app, deps);
  await organizationRoutes(app, deps);
  await attendanceRoutes(app, deps);
  await attestationRoutes(app, deps);
  await prefecturePackRoutes(app, deps);
  await statementRoutes(app, deps);
  await sellerRoute(app, deps);
  await placeRoutes(app);
  await seoRoutes(app, deps);
}
