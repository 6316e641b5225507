import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { organizationDecider } from '@recup/command-api/organizations/organization-decider';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { streams } from '@recup/shared-events';
import type { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const seedActor = { type: 'system', name: 'test' } as const;

/** A centre registered through its decider (verified when asked), as the centre's own commands would. */
export async function registerCentre(platform: Platform, id: string, name: string, options: { verified?: boolean; ownerUserId?: string | null } = {}) {
  const metadata = commandMetadata(seedActor, platform.clock.now());
  await handleCommand(platform.adapters.eventStore, streams.organization(id), organizationDecider, {
    type: 'RegisterOrganization', organizationId: id, ownerUserId: options.ownerUserId ?? null, now: platform.clock.now(),
    profile: { name, address: '3 cours Mirabeau', city: 'Aix-en-Provence', postalCode: '13100', email: `${id}@centre.test`, phoneNumber: '0442000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: 'R-13-2026-001' },
  }, { metadata });
  if (options.verified) {
    await handleCommand(platform.adapters.eventStore, streams.organization(id), organizationDecider, { type: 'VerifyOrganization', organizationId: id, now: platform.clock.now() }, { metadata });
  }
}

/** A two-day course of a verified centre, through the course decider. */
export async function scheduleCourse(platform: Platform, id: string, organizationId: string, options: { startDate?: string; endDate?: string; price?: number; city?: string; totalSpots?: number } = {}) {
  const metadata = commandMetadata(seedActor, platform.clock.now());
  await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
    type: 'ScheduleCourse', courseId: id, organizationId, organizationVerified: true, now: platform.clock.now(),
    details: {
      title: options.city ?? 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: options.city ?? 'Arles', postalCode: '13200', department: '13',
      startDate: options.startDate ?? '2026-12-10T07:00:00.000Z', endDate: options.endDate ?? '2026-12-11T16:00:00.000Z', price: options.price ?? 21_000, totalSpots: options.totalSpots ?? 10, antsNumber: null,
    },
  }, { metadata });
}

type CardConfirmation = { clientSecret: string; cardholderName: string; cardNumber: string; expMonth: number; expYear: number; cvc: string };

/**
 * A learner books a course; with a card, pays it on the test gateway (a declining card leaves the booking
 * PENDING). `confirmCard` stands for the browser's call to the gateway when its pages are not served.
 */
export async function book(learner: TestClient, courseId: string, card?: string, confirmCard?: (intentId: string, body: CardConfirmation) => unknown) {
  const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId })).json() as { id: string; bookingReference: string };
  if (!card) return { ...booking, paymentId: null, intentId: null };
  const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentId: string; paymentIntentId: string; clientSecret: string };
  const body = { clientSecret: intent.clientSecret, cardholderName: 'Test Card', cardNumber: card, expMonth: 12, expYear: 2030, cvc: '123' };
  if (confirmCard) await confirmCard(intent.paymentIntentId, body);
  else await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, body);
  await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
  return { ...booking, paymentId: intent.paymentId, intentId: intent.paymentIntentId };
}

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Creates a verified learner account as an administrator, and signs it in. */
export async function learnerAccount(platform: Platform, admin: TestClient, email: string, firstName: string, lastName: string, Client: typeof TestClient) {
  const created = await admin.post('/api/admin/users', { email, firstName, lastName, role: 'USER', language: 'FR', password: 'learner-password', isVerified: true });
  if (created.statusCode !== 201) throw new Error(`could not create ${email}: ${created.body}`);
  const client = new Client(platform.app, 'fr');
  await client.login(email, 'learner-password');
  return { client, id: (created.json() as { id: string }).id };
}

/**
 * The card provider's servers, outside our walls, stand in front of the embedded test gateway: refunds of the
 * intents in `refusing` fail (the provider is down for them), everything else goes through.
 */
export function refusingRefunds(gateway: () => PaymentGateway, refusing: Set<string>): PaymentGateway {
  return {
    provider: 'test',
    publishableKey: null,
    createIntent: (r) => gateway().createIntent(r),
    retrieveIntent: (id) => gateway().retrieveIntent(id),
    findRefund: (id) => gateway().findRefund(id),
    cancelIntent: (id) => gateway().cancelIntent(id),
    refund: async (r) => {
      if (refusing.has(r.paymentIntentId)) throw new Error('connect ECONNREFUSED');
      return gateway().refund(r);
    },
  };
}
