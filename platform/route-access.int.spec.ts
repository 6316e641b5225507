import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { bookAndPay } from './money-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
type Caller = 'anonymous' | 'USER' | 'ORGANIZATION' | 'ADMIN' | 'otherLearner';
const CALLERS: Caller[] = ['anonymous', 'USER', 'ORGANIZATION', 'ADMIN', 'otherLearner'];

interface Fixture {
  courseId: string;
  /** The demo centre's own, and a course of it to delete (a fresh one for each caller). */
  organizationId: string;
  deletableCourseId: string;
  /** A centre created by an administrator, and one to delete (fresh for each caller). */
  adminOrganizationId: string;
  deletableOrganizationId: string;
  courseBody: () => Record<string, unknown>;
  bookingId: string;
  /** A PENDING booking of the other learner, which the administrator deletes. */
  deletableBookingId: string;
  /** Unpaid PENDING bookings of the learner and of the other learner, which each may cancel (placed for that route). */
  cancellableBookingId: string;
  foreignCancellableBookingId: string;
  intentId: string;
  /** The payment of the learner's booking, not paid yet: not refundable. */
  paymentId: string;
  targetUserId: string;
  /** The other learner's PENDING booking, on a course of another centre than the demo centre's. */
  foreignBookingId: string;
  /** Its payment intent. */
  foreignIntentId: string;
  /** A course of another centre than the demo centre's, and one to change or delete (fresh for each caller). */
  foreignCourseId: string;
  foreignOrganizationId: string;
  foreignDeletableCourseId: string;
  /** A course of a centre whose verification was withdrawn, which the learner (USER) booked before, and that booking (unpaid). */
  unverifiedCourseId: string;
  unverifiedBookingId: string;
  /** A booking of the learner's, paid, then cancelled and refunded, and its payment intent. */
  refundedBookingId: string;
  refundedIntentId: string;
  /** The demo centre's change of identity awaiting an administrator (a fresh one for each caller). */
  identityRequestId: string;
  unique: () => string;
}

interface Call {
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: Record<Caller, number>;
}

interface Entry extends Call {
  method: string;
  /** The route as registered, e.g. `/api/bookings/:id/cancel`. */
  route: string;
  /**
   * The same call on what belongs to someone else (another learner's booking, another centre's course...),
   * where a learner or a centre must get 404 as if it did not exist. A route with a parameter must say it:
   * a call, or why no id of it belongs to anyone in particular.
   */
  foreign?: Call | { none: string };
  /** The same route on particular targets, each an attack the route must stop (`why` says which). */
  also?: Array<Call & { why: string }>;
}

const all = (status: number): Record<Caller, number> => ({ anonymous: status, USER: status, ORGANIZATION: status, ADMIN: status, otherLearner: status });
const signedIn = (status: number): Record<Caller, number> => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Record<Caller, number> => ({ anonymous: 401, USER: 403, ORGANIZATION: 403, ADMIN: status, otherLearner: 403 });
const centreOnly = (status: number): Record<Caller, number> => ({ anonymous: 401, USER: 403, ORGANIZATION: status, ADMIN: 403, otherLearner: 403 });
const centreProfile = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@provence-securite-routiere.test',
  phoneNumber: '04 91 23 45 67', website: 'https://provence-securite-routiere.test', prefectApprovalReference: 'R1301300010',
  description: 'Centre agréé par la préfecture des Bouches-du-Rhône depuis 2009.', descriptionEn: 'Approved by the Bouches-du-Rhône prefecture since 2009.',
};
const profile = { title: 'MR', firstName: 'Jean', lastName: 'Dupont', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null, postalCode: null, city: 'Gap', country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR' };

/**
 * Every route of the platform, with the exact status each kind of caller must get. A route missing from
 * this table fails the test: adding a route means deciding who may call it.
 */
const TABLE: Entry[] = [
  { method: 'GET', route: '/api/auth/me', url: () => '/api/auth/me', expect: signedIn(200) },
  { method: 'POST', route: '/api/auth/login', url: () => '/api/auth/login', body: () => ({ email: 'learner@demo.test', password: 'wrong-password' }), expect: all(401) },
  { method: 'POST', route: '/api/auth/register', url: () => '/api/auth/register', body: (f) => ({ ...profile, email: `${f.unique()}@example.test`, password: 'password-123' }), expect: all(202) },
  { method: 'GET', route: '/api/auth/verify-email', url: () => '/api/auth/verify-email?token=not-a-token', expect: all(400) },
  { method: 'POST', route: '/api/auth/resend-verification', url: () => '/api/auth/resend-verification', body: () => ({ email: 'someone@example.test' }), expect: all(202) },
  { method: 'POST', route: '/api/auth/forgot-password', url: () => '/api/auth/forgot-password', body: () => ({ email: 'someone@example.test' }), expect: all(202) },
  { method: 'POST', route: '/api/auth/reset-password', url: () => '/api/auth/reset-password', body: () => ({ token: 'not-a-token', newPassword: 'password-123' }), expect: all(400) },
  { method: 'GET', route: '/api/courses/search', url: () => '/api/courses/search', expect: all(200) },
  {
    method: 'GET', route: '/api/courses/:id', url: (f) => `/api/courses/${f.courseId}`, expect: all(200), foreign: { none: 'a published course is public' },
    also: [{
      why: 'a course of a centre no longer verified: public no more, but its learner, its centre and the administrators still see it',
      url: (f) => `/api/courses/${f.unverifiedCourseId}`, expect: { anonymous: 404, USER: 200, ORGANIZATION: 404, ADMIN: 200, otherLearner: 404 },
    }],
  },
  { method: 'GET', route: '/api/places/postal-codes/:postalCode', url: () => '/api/places/postal-codes/83000', expect: all(200), foreign: { none: 'La Poste’s postal codes are public' } },
  { method: 'GET', route: '/api/user/bookings', url: () => '/api/user/bookings', expect: signedIn(200) },
  {
    method: 'GET', route: '/api/courses/:id/eligibility', url: (f) => `/api/courses/${f.courseId}/eligibility`,
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 403, otherLearner: 200 },
    foreign: { none: 'a published course is public, and the answer is about the caller' },
    also: [{
      why: 'a course of a centre no longer verified: only a learner who booked it asks',
      url: (f) => `/api/courses/${f.unverifiedCourseId}/eligibility`, expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    }],
  },
  {
    method: 'POST', route: '/api/bookings', url: () => '/api/bookings', body: () => ({ courseId: 'no-such-course' }),
    expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    also: [{
      why: 'a course of a centre no longer verified takes no booking (SELLER_NOT_VERIFIED)',
      url: () => '/api/bookings', body: (f) => ({ earlyStartRequested: true, courseId: f.unverifiedCourseId }), expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 409 },
    }],
  },
  // The waiting list of a full course (issue 19 §5): learners only. The fixture course has free places: a learner is sent to book it.
  {
    method: 'POST', route: '/api/courses/:id/waiting-list', url: (f) => `/api/courses/${f.courseId}/waiting-list`,
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 409 },
    foreign: { none: 'a published course is public, and the place in line is the caller’s own' },
    also: [{
      why: 'a course of a centre no longer verified takes nobody in line, not even a learner who booked it',
      url: (f) => `/api/courses/${f.unverifiedCourseId}/waiting-list`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    }],
  },
  {
    method: 'DELETE', route: '/api/courses/:id/waiting-list', url: (f) => `/api/courses/${f.courseId}/waiting-list`,
    expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: { none: 'a learner leaves only their own place in line' },
  },
  { method: 'GET', route: '/api/user/waiting-list', url: () => '/api/user/waiting-list', expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 403, otherLearner: 200 } },
  {
    method: 'POST', route: '/api/bookings/:id/create-payment-intent', url: (f) => `/api/bookings/${f.bookingId}/create-payment-intent`,
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/create-payment-intent`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 200 } },
    also: [{
      why: 'a booking made before its centre’s verification was withdrawn: nothing of that centre is paid online any more (SELLER_NOT_VERIFIED)',
      url: (f) => `/api/bookings/${f.unverifiedBookingId}/create-payment-intent`, expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    }],
  },
  {
    method: 'PUT', route: '/api/bookings/:id/case', url: (f) => `/api/bookings/${f.bookingId}/case`, body: () => ({ learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-10-02' }),
    // The learner says why they take the course, on their own booking only.
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: {
      url: (f) => `/api/bookings/${f.foreignBookingId}/case`, body: () => ({ learnerCase: 'VOLUNTARY' }),
      expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 200 },
    },
  },
  {
    method: 'POST', route: '/api/bookings/:id/confirm-payment', url: (f) => `/api/bookings/${f.bookingId}/confirm-payment`, body: (f) => ({ paymentIntentId: f.intentId }),
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: {
      url: (f) => `/api/bookings/${f.foreignBookingId}/confirm-payment`, body: (f) => ({ paymentIntentId: f.foreignIntentId }),
      expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 409 },
    },
    also: [{
      why: 'a booking paid, then cancelled and refunded: its owner gets 409 with the real state (BOOKING_NO_LONGER_CONFIRMED), never 200 CONFIRMED',
      url: (f) => `/api/bookings/${f.refundedBookingId}/confirm-payment`, body: (f) => ({ paymentIntentId: f.refundedIntentId }),
      expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    }],
  },
  {
    method: 'POST', route: '/api/bookings/:id/cancel', url: (f) => `/api/bookings/${f.cancellableBookingId}/cancel`,
    // Unpaid PENDING bookings of their own: their learner may give them up; an administrator cancels only a CONFIRMED one
    // (and deletes a PENDING one): the other learner's is refused (409); the learner's own, cancelled by then (callers
    // go in turn), answers what its history says (200).
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 200, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignCancellableBookingId}/cancel`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 409, otherLearner: 200 } },
    also: [{
      why: 'its learner gives up an unpaid booking its centre can no longer be paid for (verification withdrawn); an administrator then finds it cancelled',
      url: (f) => `/api/bookings/${f.unverifiedBookingId}/cancel`, expect: { anonymous: 401, USER: 200, ORGANIZATION: 403, ADMIN: 200, otherLearner: 404 },
    }],
  },
  {
    method: 'GET', route: '/api/bookings/:id/invoice', url: (f) => `/api/bookings/${f.bookingId}/invoice`,
    // The booking is not paid yet: its owner and the administrators learn there is no invoice; nobody else learns it exists.
    expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 404, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/invoice`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 404, otherLearner: 404 } },
  },
  // Moving to another date (issue 19 §4): the learner their own booking, the centre one of its courses', an
  // administrator any. The fixture booking is not confirmed yet: those who may move it are told it cannot move (409).
  {
    method: 'GET', route: '/api/bookings/:id/transfer-options', url: (f) => `/api/bookings/${f.bookingId}/transfer-options`,
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 200, ADMIN: 200, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/transfer-options`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 200, otherLearner: 200 } },
  },
  {
    method: 'POST', route: '/api/bookings/:id/transfer', url: (f) => `/api/bookings/${f.bookingId}/transfer`, body: (f) => ({ courseId: f.foreignCourseId }),
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 409, ADMIN: 409, otherLearner: 404 },
    foreign: {
      url: (f) => `/api/bookings/${f.foreignBookingId}/transfer`, body: (f) => ({ courseId: f.courseId }),
      expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 409, otherLearner: 409 },
    },
  },
  // The payment of a dearer course's difference, and giving that move up: the learner's own; none is pending here (409).
  ...(['payment-intent', 'confirm-payment'] as const).map((step) => ({
    method: 'POST', route: `/api/bookings/:id/transfer/${step}`, url: (f: Fixture) => `/api/bookings/${f.bookingId}/transfer/${step}`,
    body: step === 'confirm-payment' ? (f: Fixture) => ({ paymentIntentId: f.intentId }) : undefined,
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: {
      url: (f: Fixture) => `/api/bookings/${f.foreignBookingId}/transfer/${step}`, body: step === 'confirm-payment' ? (f: Fixture) => ({ paymentIntentId: f.foreignIntentId }) : undefined,
      expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 409 },
    },
  })),
  {
    method: 'DELETE', route: '/api/bookings/:id/transfer', url: (f) => `/api/bookings/${f.bookingId}/transfer`,
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 403, ADMIN: 403, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/transfer`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 403, ADMIN: 403, otherLearner: 409 } },
  },
  { method: 'DELETE', route: '/api/admin/bookings/:id', url: (f) => `/api/admin/bookings/${f.deletableBookingId}`, expect: adminOnly(204), foreign: { none: 'administrators act on every booking' } },
  { method: 'GET', route: '/api/admin/history/:category/:id', url: (f) => `/api/admin/history/booking/${f.bookingId}`, expect: adminOnly(200), foreign: { none: 'administrators audit every stream' } },
  { method: 'GET', route: '/api/users/profile', url: () => '/api/users/profile', expect: signedIn(200) },
  { method: 'PATCH', route: '/api/users/profile', url: () => '/api/users/profile', body: () => profile, expect: signedIn(200) },
  { method: 'POST', route: '/api/users/change-password', url: () => '/api/users/change-password', body: () => ({ currentPassword: 'not-the-password', newPassword: 'password-123' }), expect: signedIn(400) },
  { method: 'GET', route: '/api/admin/users', url: () => '/api/admin/users', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/users', url: () => '/api/admin/users', body: (f) => ({ email: `${f.unique()}@example.test`, firstName: 'New', lastName: 'User', role: 'USER', language: 'FR', password: 'password-123' }), expect: adminOnly(201) },
  { method: 'PATCH', route: '/api/admin/users/:id', url: (f) => `/api/admin/users/${f.targetUserId}`, body: () => ({ phoneNumber: '0600000000' }), expect: adminOnly(200), foreign: { none: 'administrators manage every user' } },
  { method: 'PATCH', route: '/api/admin/users/:id/role', url: (f) => `/api/admin/users/${f.targetUserId}/role`, body: () => ({ role: 'ORGANIZATION' }), expect: adminOnly(200), foreign: { none: 'administrators manage every user' } },
  { method: 'DELETE', route: '/api/admin/users/:id', url: (f) => `/api/admin/users/${f.targetUserId}`, expect: adminOnly(204), foreign: { none: 'administrators manage every user' } },
  // The test gateway stands for the card provider's servers: the client secret authorises, not our session.
  {
    method: 'POST', route: '/api/test-gateway/payment-intents/:id/confirm', url: (f) => `/api/test-gateway/payment-intents/${f.intentId}/confirm`, body: () => ({ clientSecret: 'wrong', cardholderName: 'X', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }), expect: all(404),
    // Another learner's intent, without its secret: nobody, that learner included, pays it from here.
    foreign: { url: (f) => `/api/test-gateway/payment-intents/${f.foreignIntentId}/confirm`, body: () => ({ clientSecret: 'wrong', cardholderName: 'X', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }), expect: all(404) },
  },
  // The 3-D Secure challenge is the paying learner's: anyone else learns nothing of it (issue 18). This intent awaits a card, not an authentication.
  {
    method: 'GET', route: '/api/test-gateway/challenge/:id', url: (f) => `/api/test-gateway/challenge/${f.intentId}`, expect: { ...signedIn(404) },
    foreign: { url: (f) => `/api/test-gateway/challenge/${f.foreignIntentId}`, expect: { ...signedIn(404) } },
  },
  {
    method: 'POST', route: '/api/test-gateway/challenge/:id', url: (f) => `/api/test-gateway/challenge/${f.intentId}`, body: () => ({ action: 'complete' }),
    expect: { anonymous: 401, USER: 409, ORGANIZATION: 404, ADMIN: 404, otherLearner: 404 },
    foreign: { url: (f) => `/api/test-gateway/challenge/${f.foreignIntentId}`, body: () => ({ action: 'complete' }), expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 404, otherLearner: 409 } },
  },
  // The APIs' OpenAPI documents and the page that shows them: public, like the API they describe.
  { method: 'GET', route: '/api/docs/command/openapi.json', url: () => '/api/docs/command/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/docs/query/openapi.json', url: () => '/api/docs/query/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/docs', url: () => '/api/docs', expect: all(200) },
  { method: 'GET', route: '/api/docs/json', url: () => '/api/docs/json', expect: all(200) },
  { method: 'GET', route: '/api/docs/yaml', url: () => '/api/docs/yaml', expect: all(200) },
  { method: 'GET', route: '/api/docs/static/index.html', url: () => '/api/docs/static/index.html', expect: all(302) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', url: () => '/api/docs/static/swagger-initializer.js', expect: all(200) },
  { method: 'GET', route: '/api/docs/static/*', url: () => '/api/docs/static/swagger-ui.css', expect: all(200), foreign: { none: 'the documentation’s own files' } },
  // Who sells (legal notice), and what search engines read: public.
  { method: 'GET', route: '/api/legal/seller', url: () => '/api/legal/seller', expect: all(200), foreign: { none: 'public, names nobody' } },
  { method: 'GET', route: '/robots.txt', url: () => '/robots.txt', expect: all(200), foreign: { none: 'public, names nobody' } },
  { method: 'GET', route: '/sitemap.xml', url: () => '/sitemap.xml', expect: all(200), foreign: { none: 'public, names nobody' } },
  { method: 'GET', route: '/api/courses/cities', url: () => '/api/courses/cities', expect: all(200), foreign: { none: 'public, names nobody' } },
  // The embedded mode's outbox, for developers on their own machine (bound to 127.0.0.1 by default).
  { method: 'GET', route: '/dev/mailbox', url: () => '/dev/mailbox', expect: all(200) },
  { method: 'GET', route: '/dev/mailbox/messages.json', url: () => '/dev/mailbox/messages.json', expect: all(200) },
  { method: 'GET', route: '/dev/mailbox/:id', url: () => '/dev/mailbox/00000000-0000-4000-8000-000000000000', expect: all(404), foreign: { none: 'the developer’s mailbox, on their own machine: every mail is theirs' } },
  { method: 'GET', route: '/dev/mailbox/:id/html', url: () => '/dev/mailbox/00000000-0000-4000-8000-000000000000/html', expect: all(404), foreign: { none: 'the developer’s mailbox, on their own machine: every mail is theirs' } },
  // The administrators' area (issue 13): reads, exports, one booking and one payment, a refund of an unpaid payment.
  { method: 'GET', route: '/api/admin/stats', url: () => '/api/admin/stats', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/courses', url: () => '/api/admin/courses?page=0', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/courses/export', url: () => '/api/admin/courses/export', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/bookings', url: () => '/api/admin/bookings', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/bookings/export', url: () => '/api/admin/bookings/export?status=PENDING', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/bookings/:id', url: (f) => `/api/admin/bookings/${f.bookingId}`, expect: adminOnly(200), foreign: { none: 'administrators act on every booking and payment' } },
  { method: 'GET', route: '/api/admin/payments', url: () => '/api/admin/payments?status=PENDING', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/payments/search', url: () => '/api/admin/payments/search?q=demo', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/payments/export', url: () => '/api/admin/payments/export', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/payments/:id', url: (f) => `/api/admin/payments/${f.paymentId}`, expect: adminOnly(200), foreign: { none: 'administrators act on every booking and payment' } },
  { method: 'POST', route: '/api/admin/payments/:id/refund', url: (f) => `/api/admin/payments/${f.paymentId}/refund`, expect: adminOnly(409), foreign: { none: 'administrators act on every booking and payment' } },
  { method: 'GET', route: '/api/admin/parked-events', url: () => '/api/admin/parked-events', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/parked-events/:id/retry', url: () => '/api/admin/parked-events/refund-keeper:no-such-event/retry', expect: adminOnly(404), foreign: { none: 'parked events belong to the platform: administrators act on every one' } },
  { method: 'GET', route: '/api/admin/organizations', url: () => '/api/admin/organizations', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/organizations/export', url: () => '/api/admin/organizations/export', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/approvals/expiring', url: () => '/api/admin/approvals/expiring', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users/export', url: () => '/api/admin/users/export?role=ADMIN', expect: adminOnly(200) },
  // The training centres' reads: for centre accounts only, each its own.
  ...['/api/organization', '/api/organization/profile', '/api/organization/courses', '/api/organization/dashboard', '/api/organization/bookings'].map((route) => ({
    method: 'GET', route, url: () => route, expect: centreOnly(200),
  })),
  {
    method: 'GET', route: '/api/organization/courses/:id/export', url: (f) => `/api/organization/courses/${f.courseId}/export`, expect: centreOnly(200),
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/export`, expect: centreOnly(404) },
  },
  {
    method: 'GET', route: '/api/organization/courses/:id/waiting-list', url: (f) => `/api/organization/courses/${f.courseId}/waiting-list`, expect: centreOnly(200),
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/waiting-list`, expect: centreOnly(404) },
  },
  {
    method: 'GET', route: '/api/organization/courses/:id/attendance-sheet', url: (f) => `/api/organization/courses/${f.courseId}/attendance-sheet`, expect: centreOnly(200),
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/attendance-sheet`, expect: centreOnly(404) },
  },
  // The centre's money (issue 20 §6): its own statements and revenue; the administrators' every centre's.
  { method: 'GET', route: '/api/organization/statements', url: () => '/api/organization/statements?month=2026-11', expect: centreOnly(200) },
  { method: 'GET', route: '/api/organization/revenue', url: () => '/api/organization/revenue', expect: centreOnly(200) },
  { method: 'GET', route: '/api/admin/statements', url: () => '/api/admin/statements?month=2026-11', expect: adminOnly(200) },
  {
    method: 'GET', route: '/api/admin/statements/:organizationId', url: (f) => `/api/admin/statements/${f.organizationId}?month=2026-11&format=csv`, expect: adminOnly(200),
    foreign: { none: 'administrators see every centre’s statements' },
  },
  {
    // November is not over on the test clock (21 November): refused, for every caller allowed to ask.
    method: 'POST', route: '/api/admin/statements/:organizationId/:month/paid', url: (f) => `/api/admin/statements/${f.organizationId}/2026-11/paid`, body: () => ({ amount: 0 }),
    expect: adminOnly(409), foreign: { none: 'administrators pay every centre' },
  },
  // The annual report to the prefecture (issue 20 §4): a centre's own (it names no centre), an administrator's of any centre.
  { method: 'GET', route: '/api/organization/reports/annual', url: () => '/api/organization/reports/annual?year=2026&format=json', expect: centreOnly(200) },
  {
    method: 'GET', route: '/api/admin/reports/annual', url: (f) => `/api/admin/reports/annual?year=2026&organizationId=${f.organizationId}`, expect: adminOnly(200),
    also: [
      { why: 'another centre than the demo centre’s: administrators report on every centre', url: (f) => `/api/admin/reports/annual?year=2026&format=csv&organizationId=${f.foreignOrganizationId}`, expect: adminOnly(200) },
      { why: 'a centre that does not exist', url: () => '/api/admin/reports/annual?year=2026&organizationId=no-such-centre', expect: adminOnly(404) },
    ],
  },
  // The training centres' writes (spec 001 §7): a centre's own, an administrator's any.
  { method: 'POST', route: '/api/courses', url: () => '/api/courses', body: (f) => ({ ...f.courseBody(), organizationId: f.organizationId }), expect: { anonymous: 401, USER: 403, ORGANIZATION: 201, ADMIN: 201, otherLearner: 403 } },
  { method: 'POST', route: '/api/courses/batch', url: () => '/api/courses/batch', body: (f) => [{ ...f.courseBody(), organizationId: f.organizationId }], expect: { anonymous: 401, USER: 403, ORGANIZATION: 201, ADMIN: 201, otherLearner: 403 } },
  {
    method: 'PATCH', route: '/api/courses/:id', url: (f) => `/api/courses/${f.deletableCourseId}`, body: (f) => ({ ...f.courseBody(), price: 19_900 }),
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 200, otherLearner: 403 },
    // Another centre's course: the demo centre cannot see it; an administrator may change any.
    foreign: {
      url: (f) => `/api/courses/${f.foreignDeletableCourseId}`, body: (f) => ({ ...f.courseBody(), price: 19_900 }),
      expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 200, otherLearner: 403 },
    },
  },
  {
    method: 'DELETE', route: '/api/courses/:id', url: (f) => `/api/courses/${f.deletableCourseId}`, expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 200, otherLearner: 403 },
    foreign: { url: (f) => `/api/courses/${f.foreignDeletableCourseId}`, expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 200, otherLearner: 403 } },
  },
  { method: 'PATCH', route: '/api/organization/profile', url: () => '/api/organization/profile', body: () => centreProfile, expect: centreOnly(200) },
  { method: 'POST', route: '/api/admin/organizations', url: () => '/api/admin/organizations', body: () => ({ ...centreProfile, name: 'Centre créé' }), expect: adminOnly(201) },
  { method: 'PATCH', route: '/api/admin/organizations/:id', url: (f) => `/api/admin/organizations/${f.adminOrganizationId}`, body: () => ({ ...centreProfile, isVerified: true }), expect: adminOnly(200), foreign: { none: 'administrators manage every centre' } },
  { method: 'POST', route: '/api/admin/organizations/:id/approve', url: (f) => `/api/admin/organizations/${f.adminOrganizationId}/approve`, expect: adminOnly(200), foreign: { none: 'administrators manage every centre' } },
  { method: 'DELETE', route: '/api/admin/organizations/:id', url: (f) => `/api/admin/organizations/${f.deletableOrganizationId}`, expect: adminOnly(200), foreign: { none: 'administrators manage every centre' } },
  // A verified centre's change of name, address or approval: only an administrator decides on it.
  ...(['approve', 'reject'] as const).map((decision) => ({
    method: 'POST', route: `/api/admin/organizations/:id/identity-change/${decision}`, url: (f: Fixture) => `/api/admin/organizations/${f.organizationId}/identity-change/${decision}`,
    body: (f: Fixture) => ({ requestId: f.identityRequestId }), expect: adminOnly(200), foreign: { none: 'administrators manage every centre' },
  })),
  // Approval confirms the fixture booking: after every other booking route.
  {
    method: 'POST', route: '/api/bookings/:id/approve', url: (f) => `/api/bookings/${f.bookingId}/approve`,
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 403, otherLearner: 403 },
    // A booking on another centre's course: for this centre, it does not exist.
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/approve`, expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 403, otherLearner: 403 } },
  },
  // The booking the centre just confirmed unpaid: its centre records the money received (the test clock's day).
  {
    method: 'POST', route: '/api/bookings/:id/payment-received', url: (f) => `/api/bookings/${f.bookingId}/payment-received`, body: () => ({ method: 'CASH', receivedOn: '2026-11-21' }),
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 403, otherLearner: 403 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/payment-received`, body: () => ({ method: 'CASH', receivedOn: '2026-11-21' }), expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 403, otherLearner: 403 } },
  },
  // A booking's documents before the course (issue 19), once the fixture booking is confirmed (approved above): for its
  // learner, its course's centre and the administrators. The other learner's booking is not confirmed yet (409 to
  // those who may see it).
  ...(['convocation', 'calendar.ics'] as const).map((document) => ({
    method: 'GET', route: `/api/bookings/:id/${document}`, url: (f: Fixture) => `/api/bookings/${f.bookingId}/${document}`,
    expect: { anonymous: 401, USER: 200, ORGANIZATION: 200, ADMIN: 200, otherLearner: 404 },
    foreign: { url: (f: Fixture) => `/api/bookings/${f.foreignBookingId}/${document}`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 409, otherLearner: 409 } },
  })),
  // Attendance after the course (issue 20): the centre on its own courses, an administrator on any (correcting at any
  // time). The fixture's course has not started: a centre may not record yet (409), an administrator may.
  {
    method: 'GET', route: '/api/organization/courses/:id/attendance', url: (f) => `/api/organization/courses/${f.courseId}/attendance`,
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 200, otherLearner: 403 },
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/attendance`, expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 200, otherLearner: 403 } },
  },
  {
    method: 'PUT', route: '/api/organization/courses/:id/attendance', url: (f) => `/api/organization/courses/${f.courseId}/attendance`,
    body: (f) => ({ entries: [{ bookingId: f.bookingId, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }] }),
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 409, ADMIN: 200, otherLearner: 403 },
    foreign: {
      url: (f) => `/api/organization/courses/${f.foreignCourseId}/attendance`, body: (f) => ({ entries: [{ bookingId: f.foreignBookingId, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }] }),
      expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 409, otherLearner: 403 },
    },
    also: [{
      why: 'a centre names another centre’s booking on its own course',
      url: (f) => `/api/organization/courses/${f.courseId}/attendance`, body: (f) => ({ entries: [{ bookingId: f.foreignBookingId, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }] }),
      expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 404, otherLearner: 403 },
    }],
  },
  {
    method: 'PUT', route: '/api/organization/courses/:id/facilitators', url: (f) => `/api/organization/courses/${f.courseId}/facilitators`,
    body: () => ({ facilitators: [{ role: 'ROAD_SAFETY_EXPERT', name: 'Jean Martin' }, { role: 'PSYCHOLOGIST', name: 'Claire Petit' }] }),
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 200, ADMIN: 200, otherLearner: 403 },
    foreign: {
      url: (f) => `/api/organization/courses/${f.foreignCourseId}/facilitators`, body: () => ({ facilitators: [{ role: 'PSYCHOLOGIST', name: 'Claire Petit' }] }),
      expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 200, otherLearner: 403 },
    },
  },
  // The attestation exists once the course is completed: before, nobody gets one (404), as for anyone else's booking.
  {
    method: 'GET', route: '/api/bookings/:id/attestation', url: (f) => `/api/bookings/${f.bookingId}/attestation`,
    expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 404, otherLearner: 404 },
    foreign: { url: (f) => `/api/bookings/${f.foreignBookingId}/attestation`, expect: { anonymous: 401, USER: 404, ORGANIZATION: 404, ADMIN: 404, otherLearner: 404 } },
  },
  // The prefecture's pack (issue 20 §3): made once the course has ended; the fixture's course has not (409).
  {
    method: 'GET', route: '/api/organization/courses/:id/prefecture-pack', url: (f) => `/api/organization/courses/${f.courseId}/prefecture-pack`, expect: centreOnly(409),
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/prefecture-pack`, expect: centreOnly(404) },
  },
  {
    method: 'POST', route: '/api/organization/courses/:id/prefecture-pack/sent', url: (f) => `/api/organization/courses/${f.courseId}/prefecture-pack/sent`,
    expect: { anonymous: 401, USER: 403, ORGANIZATION: 409, ADMIN: 409, otherLearner: 403 },
    foreign: { url: (f) => `/api/organization/courses/${f.foreignCourseId}/prefecture-pack/sent`, expect: { anonymous: 401, USER: 403, ORGANIZATION: 404, ADMIN: 409, otherLearner: 403 } },
  },
  { method: 'GET', route: '/api/organization/prefecture-packs', url: () => '/api/organization/prefecture-packs', expect: centreOnly(200), foreign: { none: 'the caller’s own centre’s list' } },
  { method: 'GET', route: '/api/admin/prefecture-packs/late', url: () => '/api/admin/prefecture-packs/late', expect: adminOnly(200), foreign: { none: 'every centre’s, for administrators only' } },
  // Logging out ends the caller's session: last.
  { method: 'POST', route: '/api/auth/logout', url: () => '/api/auth/logout', expect: all(204) },
];

describe('every route × every kind of caller', () => {
  let platform: Platform;
  const clients = {} as Record<Caller, TestClient>;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    let n = 0;
    fixture.unique = () => `route-test-${Date.now()}-${(n += 1)}`;
    const other = await admin.post('/api/admin/users', { email: 'other.learner@example.test', firstName: 'Otto', lastName: 'Autre', role: 'USER', language: 'FR', password: 'other-password' });
    expect(other.statusCode).toBe(201);
    for (const caller of CALLERS) clients[caller] = new TestClient(platform.app);
    await clients.USER.login('learner@demo.test');
    await clients.ORGANIZATION.login('centre@demo.test');
    await clients.ADMIN.login('admin@demo.test');
    await clients.otherLearner.login('other.learner@example.test', 'other-password');

    // A course of the demo centre's own (Bouches-du-Rhône), so that its account may approve the booking.
    const [course] = (await clients.USER.get('/api/courses/search?department=13')).json() as CourseDto[];
    fixture.courseId = course!.id;
    fixture.bookingId = ((await clients.USER.post('/api/bookings', { earlyStartRequested: true, courseId: course!.id })).json() as { id: string }).id;
    const intent = (await clients.USER.post(`/api/bookings/${fixture.bookingId}/create-payment-intent`)).json() as { paymentIntentId: string; paymentId: string };
    fixture.intentId = intent.paymentIntentId;
    fixture.paymentId = intent.paymentId;
    fixture.organizationId = course!.organization.id;
    // Friday 4 and Saturday 5 December 2026: legal, 13 days after the test clock's day.
    fixture.courseBody = () => ({
      title: 'Arles', address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13',
      startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', price: 21_000, totalSpots: 12,
    });
    fixture.adminOrganizationId = ((await clients.ADMIN.post('/api/admin/organizations', { ...centreProfile, name: 'Centre à modifier' })).json() as { id: string }).id;

    // What belongs to others: a course of another centre (Alpes-Maritimes), the other learner's booking of it and its intent.
    const [foreignCourse] = (await clients.USER.get('/api/courses/search?department=06')).json() as CourseDto[];
    expect(foreignCourse!.organization.id).not.toBe(course!.organization.id);
    fixture.foreignCourseId = foreignCourse!.id;
    fixture.foreignOrganizationId = foreignCourse!.organization.id;
    fixture.foreignBookingId = ((await clients.otherLearner.post('/api/bookings', { earlyStartRequested: true, courseId: foreignCourse!.id })).json() as { id: string }).id;
    fixture.foreignIntentId = ((await clients.otherLearner.post(`/api/bookings/${fixture.foreignBookingId}/create-payment-intent`)).json() as { paymentIntentId: string }).paymentIntentId;

    // A centre whose verification is withdrawn after the learner booked one of its courses.
    const withdrawn = ((await clients.ADMIN.post('/api/admin/organizations', { ...centreProfile, name: 'Centre retiré' })).json() as { id: string }).id;
    const unverifiedCourse = await clients.ADMIN.post('/api/courses', { ...fixture.courseBody(), organizationId: withdrawn });
    expect(unverifiedCourse.statusCode, unverifiedCourse.body).toBe(201);
    fixture.unverifiedCourseId = (unverifiedCourse.json() as { id: string }).id;
    const unverifiedBooking = await clients.USER.post('/api/bookings', { earlyStartRequested: true, courseId: fixture.unverifiedCourseId });
    expect(unverifiedBooking.statusCode).toBe(201);
    fixture.unverifiedBookingId = (unverifiedBooking.json() as { id: string }).id;
    expect((await clients.ADMIN.request('PATCH', `/api/admin/organizations/${withdrawn}`, { ...centreProfile, name: 'Centre retiré', isVerified: false })).statusCode).toBe(200);

    // A booking of the learner's paid, then cancelled and refunded (a course of the Vaucluse, days away).
    const [refundedCourse] = (await clients.USER.get('/api/courses/search?department=84')).json() as CourseDto[];
    const paid = await bookAndPay(clients.USER, refundedCourse!.id);
    fixture.refundedBookingId = paid.bookingId;
    fixture.refundedIntentId = paid.paymentIntentId;
    expect((await clients.USER.post(`/api/bookings/${paid.bookingId}/cancel`)).json()).toMatchObject({ status: 'CANCELLED', refund: 'REFUNDED' });
  });
  afterAll(async () => {
    await platform.close();
  });

  it('has an entry for every registered route', () => {
    const registered = platform.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = TABLE.map((e) => `${e.method} ${e.route}`).sort();
    expect(listed).toEqual(registered);
  });

  it('says, for every route that takes an id, what a caller gets with someone else’s', () => {
    const undecided = TABLE.filter((entry) => /[:*]/.test(entry.route) && entry.foreign === undefined).map((entry) => `${entry.method} ${entry.route}`);
    expect(undecided).toEqual([]);
    // A learner or a centre that may call the route learns nothing of another's id: 404, never 403 or 409.
    const revealing = TABLE.flatMap((entry) => {
      if (!entry.foreign || !('url' in entry.foreign)) return [];
      const sameForAll = new Set(Object.values(entry.expect)).size === 1;
      return (['USER', 'ORGANIZATION'] as const)
        .filter((caller) => !sameForAll && ![401, 403].includes(entry.expect[caller]) && (entry.foreign as Call).expect[caller] !== 404)
        .map((caller) => `${entry.method} ${entry.route} as ${caller}`);
    });
    expect(revealing).toEqual([]);
  });

  it('answers 421 on every route, as every caller, to a page of another site rebound to this machine (DNS rebinding)', async () => {
    const rebound = { host: 'rebind.attacker.test:3917', origin: 'http://rebind.attacker.test:3917' };
    const failures: string[] = [];
    for (const entry of TABLE) {
      for (const caller of CALLERS) {
        const response = await clients[caller].request(entry.method as 'GET', entry.url(fixture), entry.body?.(fixture), rebound);
        if (response.statusCode !== 421) failures.push(`${entry.method} ${entry.route} as ${caller}: ${response.statusCode} (${response.body.slice(0, 120)})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives each caller exactly the status it must get, and lets no cache keep what it answers', async () => {
    const failures: string[] = [];
    // Every answer with a body of data (JSON, a PDF, a CSV, a calendar file) may name someone: no browser or proxy keeps it.
    const cached: string[] = [];
    const mustNotBeCached = (entry: Entry, caller: Caller, response: { statusCode: number; headers: Record<string, unknown> }) => {
      const type = String(response.headers['content-type'] ?? '');
      if (response.statusCode < 200 || response.statusCode >= 300 || !/json|pdf|csv|calendar/.test(type)) return;
      // The APIs' own descriptions name nobody: browsers revalidate them (no-cache).
      if (entry.route.startsWith('/api/docs')) return;
      if (!/\bno-store\b/.test(String(response.headers['cache-control'] ?? ''))) cached.push(`${entry.method} ${entry.route} as ${caller}: ${type}, Cache-Control ${String(response.headers['cache-control'])}`);
    };
    for (const entry of TABLE) {
      for (const caller of CALLERS) {
        if (entry.route === '/api/bookings/:id/cancel' && !fixture.cancellableBookingId) {
          // Courses neither learner booked yet: the Var's.
          const courses = (await clients.USER.get('/api/courses/search?department=83')).json() as CourseDto[];
          fixture.cancellableBookingId = ((await clients.USER.post('/api/bookings', { earlyStartRequested: true, courseId: courses[0]!.id })).json() as { id: string }).id;
          fixture.foreignCancellableBookingId = ((await clients.otherLearner.post('/api/bookings', { earlyStartRequested: true, courseId: courses[1]!.id })).json() as { id: string }).id;
        }
        if (entry.route === '/api/admin/bookings/:id') {
          const placed = await clients.otherLearner.post('/api/bookings', { earlyStartRequested: true, courseId: fixture.courseId });
          fixture.deletableBookingId = (placed.json() as { id: string }).id ?? fixture.deletableBookingId;
        }
        if (entry.route === '/api/courses/:id') {
          const created = await clients.ORGANIZATION.post('/api/courses', fixture.courseBody());
          fixture.deletableCourseId = (created.json() as { id: string }).id;
          const foreign = await clients.ADMIN.post('/api/courses', { ...fixture.courseBody(), organizationId: fixture.foreignOrganizationId });
          expect(foreign.statusCode, foreign.body).toBe(201);
          fixture.foreignDeletableCourseId = (foreign.json() as { id: string }).id;
        }
        if (entry.route === '/api/admin/organizations/:id' && entry.method === 'DELETE') {
          fixture.deletableOrganizationId = ((await clients.ADMIN.post('/api/admin/organizations', { ...centreProfile, name: 'Centre à supprimer' })).json() as { id: string }).id;
        }
        if (entry.route.startsWith('/api/admin/organizations/:id/identity-change/')) {
          // A fresh request each time: deciding on it ends it.
          const asked = await clients.ORGANIZATION.request('PATCH', '/api/organization/profile', { ...centreProfile, name: `Provence ${fixture.unique()}` });
          fixture.identityRequestId = (asked.json() as { pendingIdentityChange: { requestId: string } }).pendingIdentityChange.requestId;
        }
        if (entry.route.startsWith('/api/admin/users/:id')) {
          // A fresh target each time: the calls change (and finally delete) it.
          const created = await clients.ADMIN.post('/api/admin/users', { email: `${fixture.unique()}@example.test`, firstName: 'Tar', lastName: 'Get', role: 'USER', language: 'FR', password: 'password-123' });
          fixture.targetUserId = (created.json() as { id: string }).id;
        }
        const response = await clients[caller].request(entry.method as 'GET', entry.url(fixture), entry.body?.(fixture));
        mustNotBeCached(entry, caller, response);
        if (response.statusCode !== entry.expect[caller]) failures.push(`${entry.method} ${entry.route} as ${caller}: ${response.statusCode}, expected ${entry.expect[caller]} (${response.body.slice(0, 120)})`);
        if (entry.foreign && 'url' in entry.foreign) {
          const foreign = await clients[caller].request(entry.method as 'GET', entry.foreign.url(fixture), entry.foreign.body?.(fixture));
          if (foreign.statusCode !== entry.foreign.expect[caller]) failures.push(`${entry.method} ${entry.route} as ${caller}, on another’s: ${foreign.statusCode}, expected ${entry.foreign.expect[caller]} (${foreign.body.slice(0, 120)})`);
          mustNotBeCached(entry, caller, foreign);
        }
        for (const attack of entry.also ?? []) {
          const answer = await clients[caller].request(entry.method as 'GET', attack.url(fixture), attack.body?.(fixture));
          if (answer.statusCode !== attack.expect[caller]) failures.push(`${entry.method} ${entry.route} as ${caller}, ${attack.why}: ${answer.statusCode}, expected ${attack.expect[caller]} (${answer.body.slice(0, 120)})`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cached).toEqual([]);
  });
});
