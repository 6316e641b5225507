import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from './port';

export interface PaymentGatewayContractSubject {
  gateway: PaymentGateway;
  /** What the learner's browser does with a card: a test card that succeeds, or one that is declined. */
  payWith(intent: { id: string; clientSecret: string }, card: 'succeeds' | 'declined'): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Every adapter of the payment port passes this suite: the built-in test gateway, Stripe's client against a
 * local server answering as Stripe does, and Stripe itself when STRIPE_SECRET_KEY (a test key) is set. Each
 * test uses its own idempotency keys, so the suite can run against a shared account.
 */
export function paymentGatewayContract(name: string, open: () => Promise<PaymentGatewayContractSubject>, options: { skip?: string } = {}) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`payment gateway contract: ${name}`, () => {
    let subject: PaymentGatewayContractSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });
    const request = (key = `payment-${randomUUID()}`) => ({ amount: 24_900, currency: 'eur' as const, idempotencyKey: key, metadata: { bookingId: randomUUID(), paymentId: randomUUID() } });

    it('creates an intent awaiting a card, with the amount and metadata asked for', async () => {
      const asked = request();
      const intent = await subject.gateway.createIntent(asked);
      expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 24_900, currency: 'eur', metadata: asked.metadata, lastPaymentError: null, card: null });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.clientSecret).toContain(intent.id);
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    });

    it('gives back the same intent for the same idempotency key', async () => {
      const asked = request();
      const first = await subject.gateway.createIntent(asked);
      const second = await subject.gateway.createIntent(asked);
      expect(second.id).toBe(first.id);
      const other = await subject.gateway.createIntent(request());
      expect(other.id).not.toBe(first.id);
    });

    it('knows nothing of an intent it did not create', async () => {
      expect(await subject.gateway.retrieveIntent('pi_unknown000000000000000')).toBeNull();
    });

    it('reports a payment that succeeded with its card, and a declined card with Stripe\'s error code', async () => {
      const paid = await subject.gateway.createIntent(request());
      await subject.payWith(paid, 'succeeds');
      const succeeded = await subject.gateway.retrieveIntent(paid.id);
      expect(succeeded).toMatchObject({ status: 'succeeded', amount: 24_900, lastPaymentError: null });
      expect(succeeded!.card).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });

      const declined = await subject.gateway.createIntent(request());
      await subject.payWith(declined, 'declined');
      const refused = await subject.gateway.retrieveIntent(declined.id);
      expect(refused).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'card_declined' } });
    });

    it('refunds a succeeded payment once, whatever the number of asks with the same key', async () => {
      const intent = await subject.gateway.createIntent(request());
      expect(await subject.gateway.findRefund(intent.id)).toBeNull();
      await subject.payWith(intent, 'succeeds');
      const key = `refund-${randomUUID()}`;
      const refund = await subject.gateway.refund({ paymentIntentId: intent.id, amount: 24_900, idempotencyKey: key });
      expect(refund).toMatchObject({ amount: 24_900, status: expect.stringMatching(/^(succeeded|pending)$/) });
      const again = await subject.gateway.refund({ paymentIntentId: intent.id, amount: 24_900, idempotencyKey: key });
      expect(again.id).toBe(refund.id);
      expect(await subject.gateway.findRefund(intent.id)).toMatchObject({ id: refund.id, amount: 24_900 });
    });

    it('refuses to refund a payment that did not succeed', async () => {
      const intent = await subject.gateway.createIntent(request());
      await expect(subject.gateway.refund({ paymentIntentId: intent.id, amount: 24_900, idempotencyKey: `refund-${randomUUID()}` })).rejects.toThrow();
    });
  });
}
