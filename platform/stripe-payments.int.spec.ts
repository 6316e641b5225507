import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { StripeApiDouble } from '@recup/infra/testing/stripe-api-double';
import { StripePaymentGateway } from '@recup/infra/payments/stripe-gateway';
import { streams } from '@recup/shared-events';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const WEBHOOK_SECRET = 'whsec_test_recup_points_local';
const WEBHOOK = '/api/payments/stripe/webhook';

/** The platform on Stripe's client, with Stripe's API answered by a local server: the learner's payment end to end. */
describe('payments through Stripe', () => {
  let platform: Platform;
  let stripeApi: StripeApiDouble;
  let browserStripe: Stripe;
  let learner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    stripeApi = new StripeApiDouble();
    const address = await stripeApi.start();
    const gateway = new StripePaymentGateway({ secretKey: stripeApi.secretKey, publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, api: address, maxNetworkRetries: 0 });
    browserStripe = new Stripe(stripeApi.secretKey, { ...address, maxNetworkRetries: 0 });
    platform = await startTestPlatform({ payments: gateway, authRateLimitPerMinute: 1000 });
    learner = await signUpLearner(platform, 'stripe.learner@example.test', 'en');
    organizationId = ((await learner.get('/api/courses/search?department=13')).json() as CourseDto[])[0]!.organization.id;
  });
  afterAll(async () => {
    await platform?.close();
    await stripeApi?.close();
  });

  async function scheduleCourse(id: string, startDate: string) {
    const metadata = commandMetadata({ type: 'system', name: 'test' }, platform.clock.now());
    const endDate = new Date(Date.parse(startDate) + 33 * 3_600_000).toISOString();
    await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
      type: 'ScheduleCourse', courseId: id, organizationId, organizationVerified: true, now: platform.clock.now(),
      details: { title: 'Aix', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 cours Mirabeau', city: 'Aix-en-Provence', postalCode: '13100', department: '13', startDate, endDate, price: 23_000, totalSpots: 8, antsNumber: null },
    }, { metadata });
  }

  async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return platform.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  }

  const eventsOf = async (stream: string) => (await platform.adapters.eventStore.readStream(stream)).map((e) => e.type);
  const allEvents = async (type: string, bookingId: string) =>
    (await platform.adapters.eventStore.readAll()).filter((e) => e.type === type && (e.data as { bookingId?: string }).bookingId === bookingId);
  const bookingOf = async (id: string) => ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === id)!;

  async function bookAndOpenPayment(courseId: string) {
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId })).json() as { id: string };
    const response = await learner.post(`/api/bookings/${booking.id}/create-payment-intent`);
    expect(response.statusCode).toBe(200);
    const intent = response.json() as { paymentId: string; paymentIntentId: string; clientSecret: string; provider: string; publishableKey: string | null; amount: number };
    return { bookingId: booking.id, ...intent };
  }

  it('creates the intent on Stripe with a key per payment, and tells the browser to load Elements', async () => {
    await scheduleCourse('stripe-intent', '2026-12-14T07:00:00.000Z');
    const opened = await bookAndOpenPayment('stripe-intent');
    expect(opened).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_local', amount: 23_000 });
    expect(opened.clientSecret).toContain(opened.paymentIntentId);
    const created = stripeApi.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.at(-1)).toMatchObject({ idempotencyKey: `payment-${opened.paymentId}`, params: { amount: '23000', currency: 'eur', metadata: { bookingId: opened.bookingId, paymentId: opened.paymentId } } });
    // Opening the payment again (another tab, a reload) reuses the same intent.
    const again = (await learner.post(`/api/bookings/${opened.bookingId}/create-payment-intent`)).json() as { paymentIntentId: string };
    expect(again.paymentIntentId).toBe(opened.paymentIntentId);
  });

  it('applies a webhook delivered three times out of order once: one success, one confirmation, one invoice number', async () => {
    await scheduleCourse('stripe-webhook', '2026-12-15T07:00:00.000Z');
    const opened = await bookAndOpenPayment('stripe-webhook');
    // First card declined, then another card succeeds: Stripe sends both events, and may deliver them in any order, more than once.
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    const failedSnapshot = stripeApi.intent(opened.paymentIntentId)!;
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = stripeApi.event('payment_intent.succeeded', stripeApi.intent(opened.paymentIntentId)!);
    const failed = stripeApi.event('payment_intent.payment_failed', failedSnapshot);

    for (const event of [succeeded, failed, succeeded, succeeded]) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ received: true, eventId: event.id });
    }
    expect(await eventsOf(streams.payment(opened.paymentId))).toEqual(['PaymentIntentCreated', 'PaymentSucceeded']);
    expect((await eventsOf(streams.booking(opened.bookingId))).filter((t) => t === 'BookingConfirmed')).toHaveLength(1);
    expect(await allEvents('InvoiceNumberAssigned', opened.bookingId)).toHaveLength(1);

    // The browser's own confirmation arriving after the webhook changes nothing either.
    const confirmed = await learner.post(`/api/bookings/${opened.bookingId}/confirm-payment`, { paymentIntentId: opened.paymentIntentId });
    expect(confirmed.json()).toMatchObject({ bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' });
    expect(await eventsOf(streams.payment(opened.paymentId))).toEqual(['PaymentIntentCreated', 'PaymentSucceeded']);
    await platform.settled();
    expect(await bookingOf(opened.bookingId)).toMatchObject({ status: 'CONFIRMED', payment: { status: 'SUCCEEDED' }, invoice: { number: expect.stringMatching(/^RP-2026-\d{6}$/) } });
  });

  it('records a declined card from the webhook once, and lets the learner pay again', async () => {
    await scheduleCourse('stripe-declined', '2026-12-16T07:00:00.000Z');
    const opened = await bookAndOpenPayment('stripe-declined');
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    const failed = stripeApi.event('payment_intent.payment_failed', stripeApi.intent(opened.paymentIntentId)!);
    await deliver(failed);
    await deliver(failed);
    expect(await eventsOf(streams.payment(opened.paymentId))).toEqual(['PaymentIntentCreated', 'PaymentFailed']);
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_visa' });
    await deliver(stripeApi.event('payment_intent.succeeded', stripeApi.intent(opened.paymentIntentId)!));
    expect(await eventsOf(streams.payment(opened.paymentId))).toEqual(['PaymentIntentCreated', 'PaymentFailed', 'PaymentSucceeded']);
  });

  it('refunds an early cancellation through Stripe, recorded once when Stripe says the refund went through', async () => {
    await scheduleCourse('stripe-refund', '2026-12-20T07:00:00.000Z');
    const opened = await bookAndOpenPayment('stripe-refund');
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_visa' });
    await deliver(stripeApi.event('payment_intent.succeeded', stripeApi.intent(opened.paymentIntentId)!));

    stripeApi.refundMode = 'pending';
    const cancelled = await learner.post(`/api/bookings/${opened.bookingId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', refundDue: true, refund: 'PENDING' });
    const [refund] = stripeApi.refundsOf(opened.paymentIntentId) as Array<{ id: string; amount: number }>;
    expect(refund).toMatchObject({ amount: 23_000, status: 'pending' });
    expect(stripeApi.requests.find((r) => r.path === '/v1/refunds' && r.method === 'POST')?.idempotencyKey).toBe(`refund-${opened.paymentId}`);

    // A notice while Stripe still processes the refund changes nothing; once it went through, it is recorded once.
    await deliver(stripeApi.event('refund.created', stripeApi.refundsOf(opened.paymentIntentId)[0]!));
    expect(await eventsOf(streams.payment(opened.paymentId))).not.toContain('PaymentRefunded');
    stripeApi.settleRefund(refund!.id);
    const updated = stripeApi.event('refund.updated', stripeApi.refundsOf(opened.paymentIntentId)[0]!);
    const chargeRefunded = stripeApi.event('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: opened.paymentIntentId });
    for (const event of [chargeRefunded, updated, updated]) expect((await deliver(event)).statusCode).toBe(200);
    expect((await eventsOf(streams.payment(opened.paymentId))).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    stripeApi.refundMode = 'succeeded';
    await platform.settled();
    expect(await bookingOf(opened.bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
  });

  it('tries again, with a new key, a refund that Stripe reports as failed', async () => {
    await scheduleCourse('stripe-refund-failed', '2026-12-22T07:00:00.000Z');
    const opened = await bookAndOpenPayment('stripe-refund-failed');
    await browserStripe.paymentIntents.confirm(opened.paymentIntentId, { payment_method: 'pm_card_visa' });
    await deliver(stripeApi.event('payment_intent.succeeded', stripeApi.intent(opened.paymentIntentId)!));

    stripeApi.refundMode = 'pending';
    await learner.post(`/api/bookings/${opened.bookingId}/cancel`);
    const [first] = stripeApi.refundsOf(opened.paymentIntentId) as Array<{ id: string }>;
    stripeApi.settleRefund(first!.id, 'failed');
    await deliver(stripeApi.event('refund.updated', stripeApi.refundsOf(opened.paymentIntentId)[0]!));
    expect(await eventsOf(streams.payment(opened.paymentId))).toContain('PaymentRefundFailed');

    // The refund keeper's next attempt, a minute later: same key would give back the failed refund, so a new one.
    stripeApi.refundMode = 'succeeded';
    await platform.settled();
    platform.clock.advance(61_000);
    await platform.reactors.sweep();
    await platform.settled();
    const keys = stripeApi.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').map((r) => r.idempotencyKey).filter((k) => k?.startsWith(`refund-${opened.paymentId}`));
    expect(keys).toEqual([`refund-${opened.paymentId}`, `refund-${opened.paymentId}-1`]);
    expect((await eventsOf(streams.payment(opened.paymentId))).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect(await bookingOf(opened.bookingId)).toMatchObject({ payment: { status: 'REFUNDED' } });
  });

  it('refuses deliveries that Stripe did not sign, and acknowledges event types it does not act on', async () => {
    const event = stripeApi.event('payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent' });
    const payload = JSON.stringify(event);
    const unsigned = await platform.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect((await deliver(event, 'whsec_somebody_else')).statusCode).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await platform.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: payload.replace('pi_forged', 'pi_forgex') });
    expect(tampered.statusCode).toBe(400);
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await platform.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', 'stripe-signature': old }, payload })).statusCode).toBe(400);

    const other = await deliver(stripeApi.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ outcome: 'ignored' });
    const unknownIntent = await deliver(event);
    expect(unknownIntent.json()).toMatchObject({ outcome: 'ignored' });
  });

  it('has no test-gateway card form when Stripe is the provider', async () => {
    const response = await learner.post('/api/test-gateway/payment-intents/pi_x/confirm', { clientSecret: 'x', cardholderName: 'A', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(response.statusCode).toBe(404);
  });
});
