import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { EmbeddedSqliteProcessorStore } from '@recup/infra/processor-store/embedded-sqlite-processor-store';
import { streams } from '@recup/shared-events';
import { handleCommand } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { paymentDecider } from '../payments/payment-decider';
import { refundPayment } from '../payments/refund-payment';
import { startReactors, type RunningReactors } from './reactor';
import { refundKeeper } from './refund-keeper';

describe('refund keeper', () => {
  let dir: string;
  let eventStore: EmbeddedSqliteEventStore;
  let reactors: RunningReactors;
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');
  const gateway = new EmbeddedTestGateway(':memory:', { clock });
  // Stripe's servers are outside our walls: this one is down for its first two refund calls.
  let outages = 2;
  const flaky: PaymentGateway = {
    provider: 'test', publishableKey: null,
    createIntent: (r) => gateway.createIntent(r),
    retrieveIntent: (id) => gateway.retrieveIntent(id),
    cancelIntent: (id) => gateway.cancelIntent(id),
    findRefund: (id) => gateway.findRefund(id),
    refund: async (r) => {
      if (outages > 0) {
        outages -= 1;
        throw new Error('connect ECONNREFUSED');
      }
      return gateway.refund(r);
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-refunds-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const processors = new EmbeddedSqliteProcessorStore(join(dir, 'events.sqlite'));
    reactors = await startReactors({
      eventStore, store: processors,
      reactors: [refundKeeper(eventStore, flaky, clock, { duties: processors })], now: () => clock.now(), sweepIntervalMs: 3_600_000,
    });
  });
  afterAll(async () => {
    await reactors.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tries a failed refund again until it is done, and refunds once', async () => {
    const intent = await gateway.createIntent({ amount: 21_000, currency: 'eur', idempotencyKey: 'payment-p1', metadata: { bookingId: 'b1' } });
    gateway.confirmCard(intent.id, { clientSecret: intent.clientSecret, cardholderName: 'C D', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    const metadata = commandMetadata({ type: 'system', name: 'test' }, clock.now());
    await handleCommand(eventStore, streams.payment('p1'), paymentDecider, { type: 'CreatePaymentIntent', paymentId: 'p1', bookingId: 'b1', userId: 'u1', amount: 21_000, bookingPrice: 21_000, provider: 'test', providerIntentId: intent.id, now: clock.now() }, { metadata });
    await handleCommand(eventStore, streams.payment('p1'), paymentDecider, { type: 'RecordPaymentSuccess', providerIntentId: intent.id, amount: 21_000, card: null, now: clock.now() }, { metadata });

    expect((await refundPayment({ eventStore, payments: flaky, clock }, 'p1', 'cancelled', metadata)).status).toBe('PENDING');
    const types = async () => (await eventStore.readStream(streams.payment('p1'))).map((e) => e.type);
    const drain = async () => reactors.reached(await eventStore.headPosition());

    await drain();
    clock.advance(30_000);
    await reactors.sweep();
    expect(await types()).toEqual(['PaymentIntentCreated', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefundFailed']);

    clock.advance(60_000);
    await reactors.sweep();
    await drain();
    expect((await types()).filter((t) => t === 'PaymentRefundFailed')).toHaveLength(2);

    clock.advance(2 * 60_000);
    await reactors.sweep();
    await drain();
    clock.advance(10 * 60_000);
    await reactors.sweep();
    expect((await types()).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect(outages).toBe(0);
  });
});
