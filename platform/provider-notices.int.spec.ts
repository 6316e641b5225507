import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeApiDouble } from '@recup/infra/testing/stripe-api-double';
import { StripePaymentGateway } from '@recup/infra/payments/stripe-gateway';
import { streams } from '@recup/shared-events';
import { book, later, openPayment, scheduleCourse, type OpenedPayment } from './money-testing';
import { seededRandom } from '@recup/infra/seeded-random';
import { seedFrom } from './seeded-random';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const WEBHOOK_SECRET = 'whsec_test_notices';
const SEED = seedFrom(process.env.NOTICES_SEED, 20_261_121);
const ROUNDS = 3;

/**
 * The provider-notices part of the proof suite: every Stripe event of a set of payments is delivered three
 * times, in a shuffled order, interleaved with the platform's own calls (the browser reporting, the learner
 * opening the payment or cancelling again, the reactors' sweeps). Each change the provider made changes the
 * payment once, and the platform ends where Stripe is.
 */
describe('Stripe notices delivered three times, out of order, among our own calls', () => {
  let platform: Platform;
  let stripeApi: StripeApiDouble;
  let browser: Stripe;
  let learner: TestClient;

  beforeAll(async () => {
    stripeApi = new StripeApiDouble();
    const address = await stripeApi.start();
    const gateway = new StripePaymentGateway({ secretKey: stripeApi.secretKey, publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, api: address, maxNetworkRetries: 0 });
    browser = new Stripe(stripeApi.secretKey, { ...address, maxNetworkRetries: 0 });
    platform = await startTestPlatform({ payments: gateway, authRateLimitPerMinute: 10_000 });
    learner = await signUpLearner(platform, 'notices@example.test');
    console.info(`[provider notices] seed ${SEED} (replay with NOTICES_SEED=${SEED})`);
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
  const confirmOnStripe = (intent: OpenedPayment, method: string) =>
    browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: method, return_url: 'https://recup-points.test/payment-success' }).catch(() => undefined);
  const snapshot = (type: string, intentId: string) => stripeApi.event(type, stripeApi.intent(intentId)!);
  const refundNotice = (type: string, intentId: string, index = 0) => stripeApi.event(type, stripeApi.refundsOf(intentId)[index]!);
  const relogin = () => learner.login('notices@example.test', 'learner-password');

  type Scenario = {
    bookingId: string;
    /** Stripe's events, as Stripe sent them when each change happened. */
    notices: Record<string, unknown>[];
    /** Our own calls, which may come at any moment among the deliveries. */
    calls: Array<() => Promise<unknown>>;
    /** The events each payment of the booking must hold at the end, in order. */
    expected: () => Promise<Record<string, string[]>>;
    bookingEvents: string[];
  };

  /** The changes happen on Stripe (and the calls they need on our side); the notices are kept, not delivered. */
  async function scenarios(round: number): Promise<Scenario[]> {
    const course = async (name: string, day: number) => {
      const id = `notices-${round}-${name}`;
      await scheduleCourse(platform, learner, id, new Date(Date.UTC(2026, 11, day, 7)).toISOString());
      return book(learner, id);
    };
    const confirmPayment = (bookingId: string, intent: OpenedPayment) => () => learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    const reopen = (bookingId: string) => () => learner.post(`/api/bookings/${bookingId}/create-payment-intent`);
    const cancel = (bookingId: string) => () => learner.post(`/api/bookings/${bookingId}/cancel`);
    const list: Scenario[] = [];

    // Declined, then paid with another card.
    {
      const bookingId = await course('declined-then-paid', 3);
      const intent = await openPayment(learner, bookingId);
      await confirmOnStripe(intent, 'pm_card_chargeDeclined');
      const failed = snapshot('payment_intent.payment_failed', intent.paymentIntentId);
      await confirmOnStripe(intent, 'pm_card_visa');
      list.push({
        bookingId, notices: [failed, snapshot('payment_intent.succeeded', intent.paymentIntentId)], calls: [confirmPayment(bookingId, intent), reopen(bookingId)],
        // Every notice is read against the intent as Stripe holds it now: paid. The decline before is past news.
        expected: async () => ({ [intent.paymentId]: ['PaymentIntentCreated', 'PaymentSucceeded'] }),
        bookingEvents: ['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed'],
      });
    }
    // Paid, cancelled early: Stripe takes its time over the refund, then makes it.
    {
      const bookingId = await course('refund-pending', 4);
      const intent = await openPayment(learner, bookingId);
      await confirmOnStripe(intent, 'pm_card_visa');
      const succeeded = snapshot('payment_intent.succeeded', intent.paymentIntentId);
      stripeApi.refundMode = 'pending';
      await cancel(bookingId)();
      stripeApi.refundMode = 'succeeded';
      const created = refundNotice('refund.created', intent.paymentIntentId);
      stripeApi.settleRefund((stripeApi.refundsOf(intent.paymentIntentId)[0] as { id: string }).id);
      list.push({
        bookingId,
        notices: [succeeded, created, refundNotice('refund.updated', intent.paymentIntentId), stripeApi.event('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: intent.paymentIntentId })],
        calls: [confirmPayment(bookingId, intent), cancel(bookingId)],
        expected: async () => ({ [intent.paymentId]: ['PaymentIntentCreated', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded'] }),
        bookingEvents: ['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed', 'BookingCancelled'],
      });
    }
    // A 3-D Secure challenge left behind, replaced, and the new intent paid.
    {
      const bookingId = await course('challenge-replaced', 5);
      const first = await openPayment(learner, bookingId);
      await confirmOnStripe(first, 'pm_card_authenticationRequired');
      const second = await openPayment(learner, bookingId);
      const canceled = snapshot('payment_intent.canceled', first.paymentIntentId);
      await confirmOnStripe(second, 'pm_card_visa');
      list.push({
        bookingId, notices: [canceled, snapshot('payment_intent.succeeded', second.paymentIntentId)], calls: [confirmPayment(bookingId, second), reopen(bookingId)],
        expected: async () => ({
          [first.paymentId]: ['PaymentIntentCreated', 'PaymentIntentCanceled'],
          [second.paymentId]: ['PaymentIntentCreated', 'PaymentSucceeded'],
        }),
        bookingEvents: ['BookingPlaced', 'BookingPaymentStarted', 'BookingPaymentStarted', 'BookingConfirmed'],
      });
    }
    // Declined, and left there.
    {
      const bookingId = await course('declined', 6);
      const intent = await openPayment(learner, bookingId);
      await confirmOnStripe(intent, 'pm_card_chargeDeclined');
      list.push({
        bookingId, notices: [snapshot('payment_intent.payment_failed', intent.paymentIntentId)], calls: [confirmPayment(bookingId, intent), confirmPayment(bookingId, intent)],
        expected: async () => ({ [intent.paymentId]: ['PaymentIntentCreated', 'PaymentFailed'] }),
        bookingEvents: ['BookingPlaced', 'BookingPaymentStarted'],
      });
    }
    // Paid, cancelled early, Stripe's refund fails: the refund keeper asks again, with a new key.
    {
      const bookingId = await course('refund-failed', 7);
      const intent = await openPayment(learner, bookingId);
      await confirmOnStripe(intent, 'pm_card_visa');
      const succeeded = snapshot('payment_intent.succeeded', intent.paymentIntentId);
      stripeApi.refundMode = 'pending';
      await cancel(bookingId)();
      stripeApi.refundMode = 'succeeded';
      stripeApi.settleRefund((stripeApi.refundsOf(intent.paymentIntentId)[0] as { id: string }).id, 'failed');
      list.push({
        // The refund keeper's retry comes after the deliveries (the clock moves at the end).
        bookingId, notices: [succeeded, refundNotice('refund.updated', intent.paymentIntentId)], calls: [cancel(bookingId)],
        expected: async () => ({ [intent.paymentId]: ['PaymentIntentCreated', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefundFailed', 'PaymentRefunded'] }),
        bookingEvents: ['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed', 'BookingCancelled'],
      });
    }
    return list;
  }

  for (let round = 0; round < ROUNDS; round += 1) {
    it(`changes each payment once per change, whatever the order (round ${round + 1}, seed ${SEED + round})`, async () => {
      const random = seededRandom(SEED + round);
      await relogin();
      const all = await scenarios(round);
      const deliveries = all.flatMap((s) => s.notices.flatMap((notice) => [notice, notice, notice]));
      const steps: Array<() => Promise<unknown>> = [
        ...deliveries.map((notice) => async () => expect((await deliver(notice)).statusCode).toBe(200)),
        ...all.flatMap((s) => s.calls),
        () => platform.reactors.sweep(),
      ];
      for (const step of random.shuffle(steps)) await step();
      // Whatever is still due falls due: a refund retried, a payment reconciled.
      for (let i = 0; i < 3; i += 1) await later(platform, 2 * 60_000);
      await relogin();

      let events = 0;
      for (const scenario of all) {
        for (const [paymentId, expected] of Object.entries(await scenario.expected())) {
          const stored = (await platform.adapters.eventStore.readStream(streams.payment(paymentId))).map((e) => e.type);
          expect(stored, `payment ${paymentId} of ${scenario.bookingId}`).toEqual(expected);
          events += stored.length;
        }
        const booking = (await platform.adapters.eventStore.readStream(streams.booking(scenario.bookingId))).map((e) => e.type);
        expect(booking, `booking ${scenario.bookingId}`).toEqual(scenario.bookingEvents);
        const invoices = (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'InvoiceNumberAssigned' && (e.data as { bookingId: string }).bookingId === scenario.bookingId);
        expect(invoices.length, `invoices of ${scenario.bookingId}`).toBe(scenario.bookingEvents.includes('BookingConfirmed') ? 1 : 0);
      }
      console.info(`[provider notices] round ${round + 1}: ${deliveries.length} deliveries and ${steps.length - deliveries.length} calls of ours in a shuffled order, ${events} payment events as expected`);
    });
  }
});
