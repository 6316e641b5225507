import type { LightMyRequestResponse } from 'fastify';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { streams } from '@recup/shared-events';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import type { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** The embedded test gateway, whose refunds fail as when the provider cannot be reached while `refundsDown` holds. */
export class RefundsDownGateway extends EmbeddedTestGateway {
  refundsDown = false;

  override async refund(request: Parameters<EmbeddedTestGateway['refund']>[0]) {
    if (this.refundsDown) throw new Error('connect ECONNREFUSED');
    return super.refund(request);
  }
}

/** Stripe's test cards, as the learner types them into the test gateway's form. */
export const CARDS = { visa: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0027 6000 3184' } as const;

/** Money tests on their own courses: the demo centre of the Bouches-du-Rhône schedules one, with 10 spots. */
export async function scheduleCourse(platform: Platform, client: TestClient, id: string, startDate: string, options: { totalSpots?: number; price?: number } = {}) {
  const [any] = (await client.get('/api/courses/search?department=13')).json() as CourseDto[];
  const endDate = new Date(Date.parse(startDate) + 33 * 3_600_000).toISOString();
  await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
    type: 'ScheduleCourse', courseId: id, organizationId: any!.organization.id, organizationVerified: true, now: platform.clock.now(),
    details: {
      title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13',
      startDate, endDate, price: options.price ?? 21_000, totalSpots: options.totalSpots ?? 10, antsNumber: null,
    },
  }, { metadata: commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()) });
}

export type OpenedPayment = { paymentId: string; paymentIntentId: string; clientSecret: string; amount: number };

/** What the checkout page does when it opens: asks for the booking's payment. */
export async function openPayment(client: TestClient, bookingId: string): Promise<OpenedPayment> {
  const response = await client.post(`/api/bookings/${bookingId}/create-payment-intent`);
  if (response.statusCode !== 200) throw new Error(`create-payment-intent: ${response.statusCode} ${response.body}`);
  return response.json() as OpenedPayment;
}

/** The learner types a card into the test gateway's form (as the checkout does in place of Stripe.js). */
export function payByCard(client: TestClient, intent: Pick<OpenedPayment, 'paymentIntentId' | 'clientSecret'>, cardNumber: string, bookingId?: string): Promise<LightMyRequestResponse> {
  return client.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber, expMonth: 12, expYear: 2030, cvc: '123',
    ...(bookingId ? { returnUrl: `/payment-success?booking_id=${bookingId}` } : {}),
  });
}

/** The learner's answer on the bank's 3-D Secure page: a form posted from that page, in the learner's session. */
export function answerChallenge(learner: TestClient, paymentIntentId: string, action: 'complete' | 'fail'): Promise<LightMyRequestResponse> {
  return learner.request('POST', `/api/test-gateway/challenge/${paymentIntentId}`, `action=${action}`, {
    // The test platform's site is http://localhost:3000: the bank's page posts from there.
    'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000',
  });
}

export async function book(client: TestClient, courseId: string): Promise<string> {
  const response = await client.post('/api/bookings', { earlyStartRequested: true, courseId });
  if (response.statusCode !== 201) throw new Error(`booking: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** Books, pays with 4242… and reports it, as the checkout does. */
export async function bookAndPay(client: TestClient, courseId: string) {
  const bookingId = await book(client, courseId);
  const intent = await openPayment(client, bookingId);
  await payByCard(client, intent, CARDS.visa);
  const confirmed = await client.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
  if (confirmed.statusCode !== 200) throw new Error(`confirm-payment: ${confirmed.statusCode} ${confirmed.body}`);
  return { bookingId, ...intent };
}

export async function bookingOf(client: TestClient, bookingId: string): Promise<BookingDto | undefined> {
  return ((await client.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === bookingId);
}

export async function spotsLeft(client: TestClient, courseId: string): Promise<number> {
  return ((await client.get(`/api/courses/${courseId}`)).json() as CourseDto).spotsLeft;
}

/** Every event of these types about this booking, from the whole log. */
export async function eventsAbout(platform: Platform, bookingId: string, ...types: string[]) {
  return (await platform.adapters.eventStore.readAll()).filter((e) => types.includes(e.type) && (e.data as { bookingId?: string }).bookingId === bookingId);
}

/** Moves the clock, runs the reactors' due work, and waits until everything they wrote is projected. */
export async function later(platform: Platform, ms: number) {
  platform.clock.advance(ms);
  await platform.reactors.sweep();
  await platform.settled();
}
