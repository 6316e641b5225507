import Stripe from 'stripe';
import { EmbeddedTestGateway } from './embedded-test-gateway';
import { paymentGatewayContract } from '../testing/payment-gateway.contract';
import { StripeApiDouble } from '../testing/stripe-api-double';
import { StripePaymentGateway } from './stripe-gateway';

const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0027 6000 3184' } as const;
const STRIPE_TEST_METHODS = { succeeds: 'pm_card_visa', declined: 'pm_card_chargeDeclined', challenge: 'pm_card_authenticationRequired' } as const;

paymentGatewayContract('built-in test gateway', async () => {
  const gateway = new EmbeddedTestGateway(':memory:');
  return {
    gateway,
    async payWith(intent, card) {
      gateway.confirmCard(intent.id, { clientSecret: intent.clientSecret, cardholderName: 'Léa Martin', cardNumber: TEST_CARDS[card], expMonth: 12, expYear: 2030, cvc: '123', returnUrl: '/payment-success' });
    },
    async answerChallenge(intent, authenticated) {
      gateway.completeChallenge(intent.id, authenticated);
    },
    dispose: () => gateway.close(),
  };
}, { challenges: true });

/** What Stripe.js does in the browser, done with the secret key: confirm the intent with a test payment method. */
async function confirmWithStripe(client: Stripe, intentId: string, card: 'succeeds' | 'declined' | 'challenge') {
  try {
    await client.paymentIntents.confirm(intentId, { payment_method: STRIPE_TEST_METHODS[card], return_url: 'https://recup-points.test/payment-success' });
  } catch (error) {
    if (!(card === 'declined' && error instanceof Stripe.errors.StripeError)) throw error;
  }
}

paymentGatewayContract("Stripe's client against a local server answering as Stripe's API", async () => {
  const api = new StripeApiDouble();
  const address = await api.start();
  const gateway = new StripePaymentGateway({ secretKey: api.secretKey, publishableKey: 'pk_test_local', api: address, maxNetworkRetries: 0 });
  const browser = new Stripe(api.secretKey, { ...address, maxNetworkRetries: 0 });
  return {
    gateway,
    payWith: (intent, card) => confirmWithStripe(browser, intent.id, card),
    answerChallenge: async (intent, authenticated) => api.authenticate(intent.id, authenticated),
    dispose: () => api.close(),
  };
}, { challenges: true });

const secretKey = process.env.STRIPE_SECRET_KEY;
paymentGatewayContract(
  'Stripe (test mode)',
  async () => {
    const gateway = new StripePaymentGateway({ secretKey: secretKey!, publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_unused' });
    const browser = new Stripe(secretKey!);
    return { gateway, payWith: (intent, card) => confirmWithStripe(browser, intent.id, card), dispose: async () => {} };
  },
  { skip: secretKey?.startsWith('sk_test_') ? undefined : secretKey ? 'STRIPE_SECRET_KEY is not a test key (sk_test_…): never run against live money' : 'STRIPE_SECRET_KEY is not set' },
);
