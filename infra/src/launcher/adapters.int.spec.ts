import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessProjectionProgress } from '../consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '../event-store/embedded-sqlite-event-store';
import { EmbeddedOutboxMailer } from '../mail/embedded-outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import { StripePaymentGateway } from '../payments/stripe-gateway';
import { EmbeddedMingoReadStore } from '../read-store/embedded-mingo-read-store';
import { EmbeddedRateLimitStore } from '../rate-limit/embedded-rate-limit-store';
import { MongoRateLimitStore } from '../rate-limit/mongo-rate-limit-store';
import { EmbeddedSqliteSessionStore } from '../sessions/embedded-sqlite-session-store';
import { AdapterStartError, openAdapters, selectAdapters, type Adapters } from './adapters';

const metadata = { actor: { type: 'system', name: 'adapters-test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' } as const;

/** A local port nobody listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('adapter selection', () => {
  it('keeps every port embedded when no server is configured', () => {
    expect(selectAdapters({})).toEqual({ eventStore: 'embedded-sqlite', readStore: 'embedded', rateLimits: 'embedded', processors: 'embedded-sqlite', mail: 'outbox', payments: 'embedded-test-gateway' });
  });

  it('chooses each server from its own variable, independently', () => {
    expect(selectAdapters({ EVENTSTORE_URL: 'esdb://es:2113?tls=false' })).toMatchObject({ eventStore: 'eventstoredb', readStore: 'embedded', mail: 'outbox' });
    expect(selectAdapters({ MONGODB_URL: 'mongodb://mongo:27017/recup' })).toMatchObject({ eventStore: 'embedded-sqlite', readStore: 'mongodb', rateLimits: 'mongodb', mail: 'outbox' });
    expect(selectAdapters({ SMTP_URL: 'smtp://mailpit:1025' })).toMatchObject({ eventStore: 'embedded-sqlite', readStore: 'embedded', mail: 'smtp' });
    expect(selectAdapters({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual({ eventStore: 'embedded-sqlite', readStore: 'embedded', rateLimits: 'embedded', processors: 'embedded-sqlite', mail: 'outbox', payments: 'stripe' });
  });
});

describe('opening the adapters', () => {
  it('pays through Stripe when its keys are set, and names a missing key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-adapters-'));
    try {
      const stripe = await openAdapters({ dataDir: dir, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, { mailLog: () => {} });
      expect(stripe.payments).toBeInstanceOf(StripePaymentGateway);
      expect(stripe.payments.publishableKey).toBe('pk_test_x');
      await stripe.close();
      await expect(openAdapters({ dataDir: dir, STRIPE_SECRET_KEY: 'sk_test_x' }, { mailLog: () => {} })).rejects.toThrow(/STRIPE_PUBLISHABLE_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const dirs: string[] = [];
  const opened: Adapters[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-adapters-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const adapters of opened.splice(0)) await adapters.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the embedded adapters under DATA_DIR when nothing else is configured, and they keep their data', async () => {
    const dir = dataDir();
    const first = await openAdapters({ dataDir: dir }, { mailLog: () => {} });
    expect(first.eventStore).toBeInstanceOf(EmbeddedSqliteEventStore);
    expect(first.readStore).toBeInstanceOf(EmbeddedMingoReadStore);
    expect(first.sessionStore).toBeInstanceOf(EmbeddedSqliteSessionStore);
    expect(first.rateLimitStore).toBeInstanceOf(EmbeddedRateLimitStore);
    expect(first.mailer).toBeInstanceOf(EmbeddedOutboxMailer);
    expect(first.outbox).toBe(first.mailer);
    expect(first.progress).toBeInstanceOf(InProcessProjectionProgress);
    expect(first.payments).toBe(first.testGateway);
    const appended = await first.eventStore.appendToStream('course-1', [{ type: 'Tested', data: { n: 1 }, metadata }]);
    await new Promise<void>((resolve, reject) => first.sessionStore.set('s-1', { userId: 'u-1' }, (error) => (error ? reject(error) : resolve())));
    await first.close();

    const again = await openAdapters({ dataDir: dir }, { mailLog: () => {} });
    opened.push(again);
    expect(await again.eventStore.headPosition()).toBe(appended.position);
    const session = await new Promise((resolve, reject) => again.sessionStore.get('s-1', (error, s) => (error ? reject(error) : resolve(s))));
    expect(session).toEqual({ userId: 'u-1' });
  });

  it('sends mail over SMTP when SMTP_URL is set, without an outbox', async () => {
    const adapters = await openAdapters({ dataDir: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' });
    opened.push(adapters);
    expect(adapters.mailer).toBeInstanceOf(SmtpMailer);
    expect(adapters.outbox).toBeNull();
    expect(adapters.selection.mail).toBe('smtp');
  });

  it('stops the start, naming MONGODB_URL, when MongoDB does not answer', async () => {
    const url = `mongodb://127.0.0.1:${await closedPort()}/recup`;
    const start = openAdapters({ dataDir: dataDir(), MONGODB_URL: url }, { connectTimeoutMs: 300 });
    await expect(start).rejects.toBeInstanceOf(AdapterStartError);
    await expect(start).rejects.toThrow(/^MONGODB_URL: MongoDB did not answer/);
  });

  const mongoUrl = process.env.MONGODB_URL;
  it.skipIf(!mongoUrl)(`counts rate limits in MongoDB when MONGODB_URL is set: two processes share one budget${mongoUrl ? '' : ' (skipped: MONGODB_URL is not set)'}`, async () => {
    const [one, two] = [await openAdapters({ dataDir: dataDir(), MONGODB_URL: mongoUrl }), await openAdapters({ dataDir: dataDir(), MONGODB_URL: mongoUrl })];
    opened.push(one, two);
    expect(one.selection.rateLimits).toBe('mongodb');
    expect(one.rateLimitStore).toBeInstanceOf(MongoRateLimitStore);
    const key = `adapters-test|${randomUUID()}`;
    await one.rateLimitStore.increment(key, 60_000);
    expect((await two.rateLimitStore.increment(key, 60_000)).current).toBe(2);
  });

  it('stops the start, naming EVENTSTORE_URL, when EventStoreDB does not answer or the URL is not one', async () => {
    const url = `esdb://127.0.0.1:${await closedPort()}?tls=false`;
    const start = openAdapters({ dataDir: dataDir(), EVENTSTORE_URL: url }, { connectTimeoutMs: 500 });
    await expect(start).rejects.toThrow(/^EVENTSTORE_URL: EventStoreDB did not answer/);
    await expect(openAdapters({ dataDir: dataDir(), EVENTSTORE_URL: 'http://127.0.0.1:2113' })).rejects.toThrow(/EVENTSTORE_URL must be an EventStoreDB connection string/);
  });
});
