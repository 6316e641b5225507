import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { CardOutcome } from '../machines/checkout-machine';

/**
 * Confirms the payment with Stripe.js and the card typed into Stripe's own field (the card number never
 * touches our code). Stripe.js runs 3-D Secure itself, in its dialog, before it answers.
 */
export async function confirmCardWithStripe(
  stripe: Pick<Stripe, 'confirmCardPayment'>,
  input: { clientSecret: string; card: StripeCardElement; cardholderName: string; email: string | null },
): Promise<CardOutcome> {
  const result = await stripe.confirmCardPayment(input.clientSecret, {
    payment_method: { card: input.card, billing_details: { name: input.cardholderName, ...(input.email ? { email: input.email } : {}) } },
  });
  // Only Stripe's codes are kept: its messages are never shown (we word every case ourselves).
  if (result.error) {
    return { status: 'failed', error: { code: result.error.code ?? 'card_declined', declineCode: result.error.decline_code ?? null, message: null } };
  }
  const intent = result.paymentIntent;
  if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'succeeded', paymentIntentId: intent.id };
  return { status: 'failed', error: { code: intent.last_payment_error?.code ?? 'card_declined', declineCode: intent.last_payment_error?.decline_code ?? null, message: null } };
}
