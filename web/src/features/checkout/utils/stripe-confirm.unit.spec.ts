import type { PaymentIntentResult, StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { confirmCardWithStripe } from './stripe-confirm';

// Stripe.js is outside our walls: this stands in for its confirmCardPayment and records what it was given.
function stripeAnswering(result: unknown) {
  const calls: unknown[][] = [];
  return {
    calls,
    stripe: {
      confirmCardPayment: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve(result as PaymentIntentResult);
      },
    },
  };
}
const card = { elementType: 'card' } as unknown as StripeCardElement;

describe('confirming a card with Stripe.js', () => {
  it('sends the card field with the cardholder and the learner e-mail as billing details', async () => {
    const { stripe, calls } = stripeAnswering({ paymentIntent: { id: 'pi_1', status: 'succeeded', last_payment_error: null } });
    const outcome = await confirmCardWithStripe(stripe, { clientSecret: 'pi_1_secret_x', card, cardholderName: 'Léa Martin', email: 'lea@example.test' });
    expect(outcome).toEqual({ status: 'succeeded', paymentIntentId: 'pi_1' });
    expect(calls[0]).toEqual(['pi_1_secret_x', { payment_method: { card, billing_details: { name: 'Léa Martin', email: 'lea@example.test' } } }]);
  });

  it("reports Stripe's decline with its code only, so the page words it and never shows Stripe's message", async () => {
    const { stripe } = stripeAnswering({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect(await confirmCardWithStripe(stripe, { clientSecret: 's', card, cardholderName: 'A', email: null })).toEqual({
      status: 'failed', error: { code: 'card_declined', declineCode: 'insufficient_funds', message: null },
    });
  });

  it('treats a failed 3-D Secure authentication as a failed payment', async () => {
    const { stripe } = stripeAnswering({ paymentIntent: { id: 'pi_2', status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } } });
    expect(await confirmCardWithStripe(stripe, { clientSecret: 's', card, cardholderName: 'A', email: null })).toMatchObject({
      status: 'failed', error: { code: 'payment_intent_authentication_failure' },
    });
  });
});
