import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { CreateIntentRequest, PaymentGateway, ProviderIntent, ProviderIntentStatus, ProviderRefund, RefundRequest } from './port';
import { cardOutcome } from './test-cards';
import { TEST_GATEWAY_BASE, type TestCardConfirmRequest, type TestCardConfirmResponse } from './test-gateway-contract';

interface IntentRow {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  metadata: string;
  status: ProviderIntentStatus;
  last_error: string | null;
  card: string | null;
  return_url: string | null;
}

export class TestGatewayError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = 'TestGatewayError';
  }
}

/**
 * The built-in test gateway: payment intents kept in a SQLite file, confirmed by the browser with one of
 * Stripe's test card numbers. The card number decides the outcome here, on the server side, exactly as
 * Stripe's servers would; the browser only learns the result.
 */
export class EmbeddedTestGateway implements PaymentGateway {
  readonly provider = 'test' as const;
  readonly publishableKey = null;
  private readonly db: Database.Database;
  private readonly clock: Clock;

  constructor(filename: string, options: { clock?: Clock } = {}) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.clock = options.clock ?? systemClock;
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    // NORMAL: in WAL mode a killed process loses nothing committed (a power cut may lose the last commits). It stands in
    // for a provider reached over the network: an fsync per intent, confirmation and refund held the platform's event
    // loop still, as no real provider's call does.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS intents (
      id TEXT PRIMARY KEY, client_secret TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE,
      amount INTEGER NOT NULL, currency TEXT NOT NULL, metadata TEXT NOT NULL, status TEXT NOT NULL,
      last_error TEXT, card TEXT, return_url TEXT, created_at TEXT NOT NULL)`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS refunds (
      id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, intent_id TEXT NOT NULL, amount INTEGER NOT NULL, reference TEXT, created_at TEXT NOT NULL)`);
    this.allowPartialRefunds();
    this.db.exec('CREATE INDEX IF NOT EXISTS refunds_by_intent ON refunds (intent_id)');
  }

  /**
   * Files written before partial refunds held one refund per intent (`intent_id` unique, no reference): the table
   * is rewritten once, keeping every refund, as refunds in full.
   */
  private allowPartialRefunds() {
    const table = this.db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'refunds'").get();
    if (!table || table.sql.includes('reference')) return;
    this.db.transaction(() => {
      this.db.exec(`CREATE TABLE refunds_with_parts (
        id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, intent_id TEXT NOT NULL, amount INTEGER NOT NULL, reference TEXT, created_at TEXT NOT NULL)`);
      this.db.exec('INSERT INTO refunds_with_parts (id, idempotency_key, intent_id, amount, reference, created_at) SELECT id, idempotency_key, intent_id, amount, NULL, created_at FROM refunds');
      this.db.exec('DROP TABLE refunds');
      this.db.exec('ALTER TABLE refunds_with_parts RENAME TO refunds');
    })();
  }

  async createIntent(request: CreateIntentRequest): Promise<ProviderIntent> {
    const existing = this.db.prepare<[string], IntentRow>('SELECT * FROM intents WHERE idempotency_key = ?').get(request.idempotencyKey);
    if (existing) {
      if (existing.amount !== request.amount) {
        throw new TestGatewayError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return toIntent(existing);
    }
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const row: IntentRow = {
      id,
      client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      idempotency_key: request.idempotencyKey,
      amount: request.amount,
      currency: request.currency,
      metadata: JSON.stringify(request.metadata),
      status: 'requires_payment_method',
      last_error: null,
      card: null,
      return_url: null,
    };
    // Another process sharing the file may create the intent of this key at the same moment: its row wins.
    const inserted = this.db
      .prepare(`INSERT INTO intents (id, client_secret, idempotency_key, amount, currency, metadata, status, created_at)
                VALUES (@id, @client_secret, @idempotency_key, @amount, @currency, @metadata, @status, @created_at) ON CONFLICT (idempotency_key) DO NOTHING`)
      .run({ ...row, created_at: this.clock.now().toISOString() });
    if (inserted.changes === 0) return this.createIntent(request);
    return toIntent(row);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = this.row(id);
    return row ? toIntent(row) : null;
  }

  /** A succeeded, processing or already cancelled intent is left as it is and answered as it stands. */
  async cancelIntent(id: string): Promise<ProviderIntent> {
    const row = this.row(id);
    if (!row) throw new TestGatewayError(404, 'resource_missing', `No such payment_intent: '${id}'`);
    if (row.status === 'requires_payment_method' || row.status === 'requires_action') this.update(id, { status: 'canceled' });
    return toIntent(this.row(id)!);
  }

  /**
   * Refunds a succeeded intent, in full or in parts, as Stripe does: never more in all than was paid (a refund
   * beyond what is left is refused, one after a full refund as `charge_already_refunded`).
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const byKey = this.db.prepare<[string], { id: string; amount: number }>('SELECT id, amount FROM refunds WHERE idempotency_key = ?').get(request.idempotencyKey);
    if (byKey) return { id: byKey.id, status: 'succeeded', amount: byKey.amount };
    const intent = this.row(request.paymentIntentId);
    if (!intent) throw new TestGatewayError(404, 'resource_missing', `No such payment_intent: '${request.paymentIntentId}'`);
    if (intent.status !== 'succeeded') throw new TestGatewayError(400, 'charge_not_succeeded', 'This PaymentIntent has not succeeded: nothing to refund.');
    const refunded = this.db.prepare<[string], { total: number | null }>('SELECT SUM(amount) AS total FROM refunds WHERE intent_id = ?').get(intent.id)?.total ?? 0;
    if (refunded >= intent.amount) throw new TestGatewayError(400, 'charge_already_refunded', 'This payment has already been refunded.');
    if (request.amount > intent.amount - refunded) throw new TestGatewayError(400, 'amount_too_large', 'The refund is larger than what is left of the payment.');
    const id = `re_test_${randomBytes(12).toString('hex')}`;
    this.db.prepare('INSERT INTO refunds (id, idempotency_key, intent_id, amount, reference, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, request.idempotencyKey, intent.id, request.amount, request.reference ?? null, this.clock.now().toISOString());
    return { id, status: 'succeeded', amount: request.amount };
  }

  async findRefund(paymentIntentId: string, reference: string | null = null): Promise<ProviderRefund | null> {
    const row = this.db
      .prepare<[string, string | null], { id: string; amount: number }>('SELECT id, amount FROM refunds WHERE intent_id = ? AND reference IS ? ORDER BY rowid DESC LIMIT 1')
      .get(paymentIntentId, reference);
    return row ? { id: row.id, status: 'succeeded', amount: row.amount } : null;
  }

  /** What the browser calls with the card details, in place of Stripe.js's confirmCardPayment. */
  confirmCard(id: string, request: TestCardConfirmRequest): TestCardConfirmResponse {
    const row = this.row(id);
    if (!row || row.client_secret !== request.clientSecret) {
      throw new TestGatewayError(404, 'resource_missing', `No such payment_intent: '${id}'`);
    }
    if (row.status !== 'requires_payment_method') {
      throw new TestGatewayError(400, 'payment_intent_unexpected_state', `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`);
    }
    const outcome = cardOutcome({ number: request.cardNumber, expMonth: request.expMonth, expYear: request.expYear }, this.clock.now());
    const last4 = request.cardNumber.replace(/\s+/g, '').slice(-4);
    if (outcome.kind === 'fails') {
      const error = { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message };
      this.update(id, { status: 'requires_payment_method', last_error: JSON.stringify(error) });
      return { id, status: 'requires_payment_method', lastPaymentError: error, nextAction: null };
    }
    const card = JSON.stringify({ brand: outcome.brand, last4 });
    if (outcome.kind === 'requires3ds') {
      const returnUrl = safeReturnUrl(request.returnUrl);
      this.update(id, { status: 'requires_action', last_error: null, card, return_url: returnUrl });
      return { id, status: 'requires_action', lastPaymentError: null, nextAction: { redirectUrl: `${TEST_GATEWAY_BASE}/challenge/${id}` } };
    }
    this.update(id, { status: 'succeeded', last_error: null, card });
    return { id, status: 'succeeded', lastPaymentError: null, nextAction: null };
  }

  /** The 3-D Secure challenge's answer; returns where the browser goes next. */
  completeChallenge(id: string, authenticated: boolean): string {
    const row = this.row(id);
    if (!row || row.status !== 'requires_action') {
      throw new TestGatewayError(400, 'payment_intent_unexpected_state', 'This payment does not await authentication.');
    }
    if (authenticated) {
      this.update(id, { status: 'succeeded', last_error: null });
    } else {
      const error = { code: 'payment_intent_authentication_failure', declineCode: null, message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
      this.update(id, { status: 'requires_payment_method', last_error: JSON.stringify(error) });
    }
    const target = new URL(row.return_url ?? '/payment-success', 'http://gateway.invalid');
    target.searchParams.set('payment_intent', id);
    target.searchParams.set('redirect_status', authenticated ? 'succeeded' : 'failed');
    return `${target.pathname}${target.search}`;
  }

  challengeDetails(id: string): { amount: number; currency: string; last4: string | null } | null {
    const row = this.row(id);
    if (!row || row.status !== 'requires_action') return null;
    const card = row.card ? (JSON.parse(row.card) as { last4: string }) : null;
    return { amount: row.amount, currency: row.currency, last4: card?.last4 ?? null };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private row(id: string): IntentRow | undefined {
    return this.db.prepare<[string], IntentRow>('SELECT * FROM intents WHERE id = ?').get(id);
  }

  private update(id: string, changes: Partial<IntentRow>) {
    const sets = Object.keys(changes).map((k) => `${k} = @${k}`).join(', ');
    this.db.prepare(`UPDATE intents SET ${sets} WHERE id = @id`).run({ ...changes, id });
  }
}

/** Only a path of our own: never an open redirect to another site. */
/**
 * Where the challenge sends the browser back: only this site's payment confirmation page. An absolute URL
 * (what Stripe.js is given) keeps its path and query only, so the page never sends the learner elsewhere.
 */
function safeReturnUrl(url: string | undefined): string | null {
  if (!url || url.includes('\\') || url.startsWith('//')) return null;
  if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return parsed.pathname === '/payment-success' ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    lastPaymentError: row.last_error ? (JSON.parse(row.last_error) as ProviderIntent['lastPaymentError']) : null,
    card: row.card ? (JSON.parse(row.card) as ProviderIntent['card']) : null,
  };
}
