import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeApiDouble } from '@recup/infra/testing/stripe-api-double';
import { StripePaymentGateway } from '@recup/infra/payments/stripe-gateway';
import { streams } from '@recup/shared-events';
import { answerChallenge, book, bookingOf, CARDS, eventsAbout, openPayment, payByCard, scheduleCourse } from './money-testing';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** Issue 10, point 1: while its hold lasts, a PENDING booking can always be paid, and exactly once. */
describe('payment attempts on the test gateway', () => {
  let platform: Platform;
  let learner: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    learner = await signUpLearner(platform, 'attempts@example.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('lets a learner who went back from a 3-D Secure challenge pay with another card, once', async () => {
    await scheduleCourse(platform, learner, 'abandoned-challenge', '2026-12-10T07:00:00.000Z');
    const bookingId = await book(learner, 'abandoned-challenge');
    const first = await openPayment(learner, bookingId);
    expect((await payByCard(learner, first, CARDS.challenge, bookingId)).json()).toMatchObject({ status: 'requires_action' });

    // Back from the challenge page: the checkout opens the payment again and gets an intent a card can pay.
    const second = await openPayment(learner, bookingId);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(await platform.adapters.testGateway.retrieveIntent(first.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const paid = await payByCard(learner, second, CARDS.visa);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const confirmed = await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: second.paymentIntentId });
    expect(confirmed.json()).toMatchObject({ bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' });

    // The abandoned challenge, answered late (the browser's Forward button), takes nothing.
    const late = await answerChallenge(learner, first.paymentIntentId, 'complete');
    expect(late.statusCode).toBe(409);
    expect(await platform.adapters.testGateway.retrieveIntent(first.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await eventsAbout(platform, bookingId, 'PaymentSucceeded')).toHaveLength(1);
    expect(await eventsAbout(platform, bookingId, 'PaymentIntentCanceled')).toHaveLength(1);
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ status: 'CONFIRMED', payment: { status: 'SUCCEEDED', stripePaymentIntentId: second.paymentIntentId }, invoice: { number: expect.any(String) } });
  });

  it('keeps the intent of a declined card, which another card then pays', async () => {
    await scheduleCourse(platform, learner, 'declined-then-paid', '2026-12-11T07:00:00.000Z');
    const bookingId = await book(learner, 'declined-then-paid');
    const first = await openPayment(learner, bookingId);
    expect((await payByCard(learner, first, CARDS.declined)).json()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'card_declined' } });
    const again = await openPayment(learner, bookingId);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect((await payByCard(learner, again, CARDS.visa)).json()).toMatchObject({ status: 'succeeded' });
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: again.paymentIntentId })).statusCode).toBe(200);
  });

  it('says a paid booking is paid instead of opening another payment, even when the browser never reported the card', async () => {
    await scheduleCourse(platform, learner, 'paid-unreported', '2026-12-12T07:00:00.000Z');
    const bookingId = await book(learner, 'paid-unreported');
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.visa);
    const reopened = await learner.post(`/api/bookings/${bookingId}/create-payment-intent`);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ code: 'BOOKING_ALREADY_PAID', message: expect.stringMatching(/déjà payée/) });
    expect(await eventsAbout(platform, bookingId, 'PaymentIntentCreated')).toHaveLength(1);
    expect(await eventsAbout(platform, bookingId, 'BookingConfirmed', 'InvoiceNumberAssigned')).toHaveLength(2);
  });

  it('answers a failed 3-D Secure challenge in our words, and lets the learner try again', async () => {
    await scheduleCourse(platform, learner, 'challenge-failed', '2026-12-13T07:00:00.000Z');
    const bookingId = await book(learner, 'challenge-failed');
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.challenge, bookingId);
    const back = await answerChallenge(learner, intent.paymentIntentId, 'fail');
    expect(back.headers.location).toMatch(/^\/payment-success\?.*redirect_status=failed/);
    const confirm = await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/^L’authentification 3-D Secure a échoué/) });
    expect(confirm.body).not.toMatch(/unable to authenticate/);
    // The provider's words stay on the payment, for the record.
    const [failed] = await eventsAbout(platform, bookingId, 'PaymentFailed');
    expect(failed!.data).toMatchObject({ code: 'payment_intent_authentication_failure', reason: expect.stringMatching(/unable to authenticate/) });
    const retry = await openPayment(learner, bookingId);
    expect((await payByCard(learner, retry, CARDS.visa)).json()).toMatchObject({ status: 'succeeded' });
  });

  it('never shows the provider’s own words for a card the test gateway cannot confirm any more', async () => {
    await scheduleCourse(platform, learner, 'stale-intent', '2026-12-14T07:00:00.000Z');
    const bookingId = await book(learner, 'stale-intent');
    const first = await openPayment(learner, bookingId);
    await payByCard(learner, first, CARDS.challenge, bookingId);
    const english = await payByCard(learner, first, CARDS.visa);
    expect(english.statusCode).toBe(409);
    expect(english.json()).toMatchObject({ code: 'PAYMENT_INTENT_UNEXPECTED_STATE', message: expect.stringMatching(/^Ce paiement ne peut plus être confirmé/) });
    expect(english.body).not.toMatch(/You cannot confirm/);
  });
});

/** The same rules through Stripe's client, Stripe's API answered by a local server. */
describe('payment attempts on Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_attempts';
  let platform: Platform;
  let stripeApi: StripeApiDouble;
  let browser: Stripe;
  let learner: TestClient;
  beforeAll(async () => {
    stripeApi = new StripeApiDouble();
    const address = await stripeApi.start();
    const gateway = new StripePaymentGateway({ secretKey: stripeApi.secretKey, publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, api: address, maxNetworkRetries: 0 });
    browser = new Stripe(stripeApi.secretKey, { ...address, maxNetworkRetries: 0 });
    platform = await startTestPlatform({ payments: gateway, authRateLimitPerMinute: 1000 });
    learner = await signUpLearner(platform, 'stripe.attempts@example.test');
  });
  afterAll(async () => {
    await platform?.close();
    await stripeApi?.close();
  });

  const deliver = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return platform.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };

  it('cancels an intent left waiting for its challenge and opens a new one that a card pays', async () => {
    await scheduleCourse(platform, learner, 'stripe-abandoned', '2026-12-15T07:00:00.000Z');
    const bookingId = await book(learner, 'stripe-abandoned');
    const first = await openPayment(learner, bookingId);
    await browser.paymentIntents.confirm(first.paymentIntentId, { payment_method: 'pm_card_authenticationRequired', return_url: 'https://recup-points.test/payment-success' });
    expect(stripeApi.intent(first.paymentIntentId)).toMatchObject({ status: 'requires_action' });

    const second = await openPayment(learner, bookingId);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(stripeApi.intent(first.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(stripeApi.requests.filter((r) => r.path === `/v1/payment_intents/${first.paymentIntentId}/cancel`)).toHaveLength(1);
    await browser.paymentIntents.confirm(second.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: second.paymentIntentId })).json()).toMatchObject({ bookingStatus: 'CONFIRMED' });
  });

  it('refunds a charge that still lands on an abandoned intent, and keeps the booking’s one payment', async () => {
    await scheduleCourse(platform, learner, 'stripe-late-charge', '2026-12-16T07:00:00.000Z');
    const bookingId = await book(learner, 'stripe-late-charge');
    const first = await openPayment(learner, bookingId);
    await browser.paymentIntents.confirm(first.paymentIntentId, { payment_method: 'pm_card_authenticationRequired', return_url: 'https://recup-points.test/payment-success' });
    const second = await openPayment(learner, bookingId);
    await browser.paymentIntents.confirm(second.paymentIntentId, { payment_method: 'pm_card_visa' });
    await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: second.paymentIntentId });

    // Stripe reports money on the first intent after all (its charge raced the cancellation on Stripe's side).
    stripeApi.chargeAnyway(first.paymentIntentId);
    const notice = stripeApi.event('payment_intent.succeeded', stripeApi.intent(first.paymentIntentId)!);
    for (let i = 0; i < 3; i += 1) expect((await deliver(notice)).statusCode).toBe(200);

    expect(stripeApi.refundsOf(first.paymentIntentId)).toHaveLength(1);
    expect(stripeApi.refundsOf(second.paymentIntentId)).toHaveLength(0);
    const firstPayment = (await eventsAbout(platform, bookingId, 'PaymentIntentCreated')).find((e) => (e.data as { providerIntentId: string }).providerIntentId === first.paymentIntentId)!;
    const paymentId = (firstPayment.data as { paymentId: string }).paymentId;
    expect((await platform.adapters.eventStore.readStream(streams.payment(paymentId))).map((e) => e.type)).toEqual([
      'PaymentIntentCreated', 'PaymentIntentCanceled', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded',
    ]);
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ status: 'CONFIRMED', payment: { status: 'SUCCEEDED', stripePaymentIntentId: second.paymentIntentId } });
  });
});
