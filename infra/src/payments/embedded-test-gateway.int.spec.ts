import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { EmbeddedTestGateway, TestGatewayError } from './embedded-test-gateway';
import { cardOutcome, passesLuhn } from './test-cards';

const clock = new ManualClock('2026-11-21T09:00:00.000Z');
const card = (cardNumber: string, overrides: Partial<{ expMonth: number; expYear: number }> = {}) => ({ cardholderName: 'Camille Durand', cardNumber, expMonth: 12, expYear: 2030, cvc: '123', ...overrides });

describe('test cards', () => {
  it('follows Stripe: 4242… succeeds, 4000…0002 is declined, 3184 asks for 3-D Secure', () => {
    expect(cardOutcome({ number: '4242 4242 4242 4242', expMonth: 1, expYear: 2030 }, clock.now())).toEqual({ kind: 'succeeds', brand: 'visa' });
    expect(cardOutcome({ number: '4000000000000002', expMonth: 1, expYear: 2030 }, clock.now())).toMatchObject({ kind: 'fails', code: 'card_declined', declineCode: 'generic_decline' });
    expect(cardOutcome({ number: '4000002760003184', expMonth: 1, expYear: 2030 }, clock.now())).toMatchObject({ kind: 'requires3ds' });
    expect(cardOutcome({ number: '4000000000009995', expMonth: 1, expYear: 2030 }, clock.now())).toMatchObject({ declineCode: 'insufficient_funds' });
  });
  it('refuses a mistyped number and an expired card', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(cardOutcome({ number: '4242424242424241', expMonth: 1, expYear: 2030 }, clock.now())).toMatchObject({ code: 'incorrect_number' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 10, expYear: 2026 }, clock.now())).toMatchObject({ code: 'expired_card' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 11, expYear: 2026 }, clock.now())).toMatchObject({ kind: 'succeeds' });
  });
  it('declines a real card number in test mode', () => {
    expect(cardOutcome({ number: '4970 1000 0000 0063', expMonth: 1, expYear: 2030 }, clock.now())).toMatchObject({ code: 'card_declined', declineCode: 'test_mode_live_card' });
  });
});

describe('embedded test gateway', () => {
  it('gives back the same intent for the same idempotency key', async () => {
    const gateway = new EmbeddedTestGateway(':memory:', { clock });
    const first = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-1', metadata: { bookingId: 'b1' } });
    const again = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-1', metadata: { bookingId: 'b1' } });
    expect(again.id).toBe(first.id);
    await expect(gateway.createIntent({ amount: 1, currency: 'eur', idempotencyKey: 'payment-1', metadata: {} })).rejects.toBeInstanceOf(TestGatewayError);
    expect(first).toMatchObject({ status: 'requires_payment_method', amount: 22_000, metadata: { bookingId: 'b1' } });
  });

  it('needs the client secret, decides by card, and lets a declined intent be retried once', async () => {
    const gateway = new EmbeddedTestGateway(':memory:', { clock });
    const intent = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-2', metadata: {} });
    expect(() => gateway.confirmCard(intent.id, { ...card('4242424242424242'), clientSecret: 'wrong' })).toThrow(/No such payment_intent/);
    const declined = gateway.confirmCard(intent.id, { ...card('4000000000000002'), clientSecret: intent.clientSecret });
    expect(declined).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'card_declined', message: 'Your card was declined.' } });
    const paid = gateway.confirmCard(intent.id, { ...card('4242424242424242'), clientSecret: intent.clientSecret });
    expect(paid.status).toBe('succeeded');
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' }, lastPaymentError: null });
    expect(() => gateway.confirmCard(intent.id, { ...card('4242424242424242'), clientSecret: intent.clientSecret })).toThrow(/status of succeeded/);
  });

  it('runs a 3-D Secure challenge back to our own page only', async () => {
    const gateway = new EmbeddedTestGateway(':memory:', { clock });
    const intent = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-3', metadata: {} });
    const challenged = gateway.confirmCard(intent.id, { ...card('4000002760003184'), clientSecret: intent.clientSecret, returnUrl: '/payment-success?booking_id=b1' });
    expect(challenged).toMatchObject({ status: 'requires_action', nextAction: { redirectUrl: `/api/test-gateway/challenge/${intent.id}` } });
    expect(gateway.completeChallenge(intent.id, true)).toBe(`/payment-success?booking_id=b1&payment_intent=${intent.id}&redirect_status=succeeded`);
    expect((await gateway.retrieveIntent(intent.id))!.status).toBe('succeeded');

    const other = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-4', metadata: {} });
    gateway.confirmCard(other.id, { ...card('4000002760003184'), clientSecret: other.clientSecret, returnUrl: 'https://evil.example/steal' });
    const back = gateway.completeChallenge(other.id, false);
    expect(back.startsWith('/payment-success?')).toBe(true);
    expect((await gateway.retrieveIntent(other.id))!.lastPaymentError).toMatchObject({ code: 'payment_intent_authentication_failure' });

    // The browser gives its full address, as Stripe.js needs: the path and the booking are kept, the host never.
    const third = await gateway.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'payment-5', metadata: {} });
    gateway.confirmCard(third.id, { ...card('4000002760003184'), clientSecret: third.clientSecret, returnUrl: 'https://evil.example/payment-success?booking_id=b3' });
    expect(gateway.completeChallenge(third.id, true)).toBe(`/payment-success?booking_id=b3&payment_intent=${third.id}&redirect_status=succeeded`);
  });
});

describe('embedded test gateway refunds', () => {
  it('refunds a succeeded payment once, and gives the same refund for the same key', async () => {
    const gateway = new EmbeddedTestGateway(':memory:', { clock });
    const intent = await gateway.createIntent({ amount: 19_900, currency: 'eur', idempotencyKey: 'payment-r1', metadata: {} });
    await expect(gateway.refund({ paymentIntentId: intent.id, amount: 19_900, idempotencyKey: 'refund-r1' })).rejects.toThrow(/not succeeded/);
    gateway.confirmCard(intent.id, { ...card('4242424242424242'), clientSecret: intent.clientSecret });
    const refund = await gateway.refund({ paymentIntentId: intent.id, amount: 19_900, idempotencyKey: 'refund-r1' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 19_900 });
    expect(await gateway.refund({ paymentIntentId: intent.id, amount: 19_900, idempotencyKey: 'refund-r1' })).toEqual(refund);
    await expect(gateway.refund({ paymentIntentId: intent.id, amount: 19_900, idempotencyKey: 'refund-other' })).rejects.toThrow(/already been refunded/);
  });
});

describe('a test gateway file written before partial refunds', () => {
  it('keeps its refunds (as refunds in full) and takes refunds in parts from then on', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { default: Database } = await import('better-sqlite3');
    const dir = mkdtempSync(join(tmpdir(), 'recup-gateway-'));
    const file = join(dir, 'test-gateway.sqlite');
    try {
      const first = new EmbeddedTestGateway(file, { clock });
      const refunded = await first.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'old-1', metadata: {} });
      first.confirmCard(refunded.id, { ...card('4242424242424242'), clientSecret: refunded.clientSecret });
      const kept = await first.createIntent({ amount: 22_000, currency: 'eur', idempotencyKey: 'old-2', metadata: {} });
      first.confirmCard(kept.id, { ...card('4242424242424242'), clientSecret: kept.clientSecret });
      await first.close();
      // The table as it was: one refund per intent, no reference.
      const raw = new Database(file);
      raw.exec('DROP TABLE refunds');
      raw.exec('CREATE TABLE refunds (id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, intent_id TEXT NOT NULL UNIQUE, amount INTEGER NOT NULL, created_at TEXT NOT NULL)');
      raw.prepare('INSERT INTO refunds VALUES (?, ?, ?, ?, ?)').run('re_old', 'refund-old', refunded.id, 22_000, clock.now().toISOString());
      raw.close();

      const gateway = new EmbeddedTestGateway(file, { clock });
      expect(await gateway.findRefund(refunded.id)).toMatchObject({ id: 're_old', amount: 22_000 });
      await gateway.refund({ paymentIntentId: kept.id, amount: 2_000, idempotencyKey: 'part', reference: 'move-x' });
      await gateway.refund({ paymentIntentId: kept.id, amount: 20_000, idempotencyKey: 'rest' });
      expect(await gateway.findRefund(kept.id, 'move-x')).toMatchObject({ amount: 2_000 });
      expect(await gateway.findRefund(kept.id)).toMatchObject({ amount: 20_000 });
      await gateway.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
