import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../payments/port';

interface PaymentGatewayContractSubject {
  gateway: PaymentGateway;
  /** What the learner's browser does with a card: a test card that succeeds, one that is declined, one that asks for 3-D Secure. */
  payWith(intent: { id: string; clientSecret: string }, card: 'succeeds' | 'declined' | 'challenge'): Promise<void>;
  /**
   * The learner's answer on the bank's 3-D Secure page; rejects when no challenge awaits. Absent where no
   * test can answer it (Stripe itself: only a browser can).
   */
  answerChallenge?(intent: { id: string }, authenticated: boolean): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Every adapter of the payment port passes this suite: the built-in test gateway, Stripe's client against a
 * local server answering as Stripe does, and Stripe itself when STRIPE_SECRET_KEY (a test key) is set. Each
 * test uses its own idempotency keys, so the suite can run against a shared account.
 */
export function paymentGatewayContract(name: string, open: () => Promise<PaymentGatewayContractSubject>, options: { skip?: string; challenges?: boolean } = {}) {
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

    it('refunds a payment in parts, each found again by its reference, never more in all than was paid', async () => {
      const intent = await subject.gateway.createIntent(request());
      await subject.payWith(intent, 'succeeds');
      const part = await subject.gateway.refund({ paymentIntentId: intent.id, amount: 4_900, idempotencyKey: `refund-${randomUUID()}`, reference: 'move-1' });
      expect(part).toMatchObject({ amount: 4_900 });
      expect(await subject.gateway.findRefund(intent.id, 'move-1')).toMatchObject({ id: part.id, amount: 4_900 });
      // A refund in full (no reference) is not the part, and the part is not it.
      expect(await subject.gateway.findRefund(intent.id)).toBeNull();
      await expect(subject.gateway.refund({ paymentIntentId: intent.id, amount: 20_001, idempotencyKey: `refund-${randomUUID()}` })).rejects.toThrow();
      const rest = await subject.gateway.refund({ paymentIntentId: intent.id, amount: 20_000, idempotencyKey: `refund-${randomUUID()}` });
      expect(await subject.gateway.findRefund(intent.id)).toMatchObject({ id: rest.id, amount: 20_000 });
      expect(await subject.gateway.findRefund(intent.id, 'move-1')).toMatchObject({ id: part.id });
      await expect(subject.gateway.refund({ paymentIntentId: intent.id, amount: 1, idempotencyKey: `refund-${randomUUID()}` })).rejects.toThrow();
    });

    it('refuses to refund a payment that did not succeed', async () => {
      const intent = await subject.gateway.createIntent(request());
      await expect(subject.gateway.refund({ paymentIntentId: intent.id, amount: 24_900, idempotencyKey: `refund-${randomUUID()}` })).rejects.toThrow();
    });

    it('leaves an intent whose 3-D Secure challenge is not answered waiting, and cancels it so that no card can pay it any more', async () => {
      const intent = await subject.gateway.createIntent(request());
      await subject.payWith(intent, 'challenge');
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_action' });
      // The learner went back from the challenge: a new card on the same intent is refused, whatever the provider's words.
      await subject.payWith(intent, 'succeeds').catch(() => undefined);
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_action' });

      const cancelled = await subject.gateway.cancelIntent(intent.id);
      expect(cancelled).toMatchObject({ id: intent.id, status: 'canceled' });
      expect(await subject.gateway.cancelIntent(intent.id)).toMatchObject({ status: 'canceled' });
      await subject.payWith(intent, 'succeeds').catch(() => undefined);
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'canceled' });
      await expect(subject.gateway.refund({ paymentIntentId: intent.id, amount: 24_900, idempotencyKey: `refund-${randomUUID()}` })).rejects.toThrow();
    });

    it('cancels an intent still waiting for its first card', async () => {
      const intent = await subject.gateway.createIntent(request());
      expect(await subject.gateway.cancelIntent(intent.id)).toMatchObject({ status: 'canceled', amount: 24_900 });
      await subject.payWith(intent, 'succeeds').catch(() => undefined);
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'canceled' });
    });

    it('takes nothing back when asked to cancel an intent that was paid: it answers succeeded', async () => {
      const intent = await subject.gateway.createIntent(request());
      await subject.payWith(intent, 'succeeds');
      expect(await subject.gateway.cancelIntent(intent.id)).toMatchObject({ id: intent.id, status: 'succeeded', amount: 24_900 });
      expect(await subject.gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded' });
    });

    it.skipIf(!options.challenges)('answers a passed challenge as paid and a failed one as waiting for another card; a cancelled challenge can no longer be passed', async () => {
      const passed = await subject.gateway.createIntent(request());
      await subject.payWith(passed, 'challenge');
      await subject.answerChallenge!(passed, true);
      expect(await subject.gateway.retrieveIntent(passed.id)).toMatchObject({ status: 'succeeded', lastPaymentError: null });

      const failed = await subject.gateway.createIntent(request());
      await subject.payWith(failed, 'challenge');
      await subject.answerChallenge!(failed, false);
      const refused = await subject.gateway.retrieveIntent(failed.id);
      expect(refused).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_intent_authentication_failure' } });

      const abandoned = await subject.gateway.createIntent(request());
      await subject.payWith(abandoned, 'challenge');
      await subject.gateway.cancelIntent(abandoned.id);
      await expect(subject.answerChallenge!(abandoned, true)).rejects.toThrow();
      expect(await subject.gateway.retrieveIntent(abandoned.id)).toMatchObject({ status: 'canceled' });
    });
  });
}
