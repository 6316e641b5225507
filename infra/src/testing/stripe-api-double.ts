/**
 * Test support: a local HTTP server that answers the few calls we make to Stripe's API as Stripe does
 * (form-encoded requests, idempotency keys, JSON objects and error shapes of API version 2025+). Stripe's
 * servers are outside our walls: this stands in for them, and only for them, in tests. Webhook deliveries
 * are made with the events it builds and signatures from `stripe.webhooks.generateTestHeaderString`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

interface IntentRecord {
  id: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  payment_method_types: string[];
  last_payment_error: Json | null;
  latest_charge: string | null;
  created: number;
}
interface ChargeRecord { id: string; amount: number; payment_intent: string; brand: string; last4: string; refunded: boolean; created: number }
interface RefundRecord { id: string; amount: number; payment_intent: string; charge: string; status: 'pending' | 'succeeded' | 'failed'; created: number; metadata: Record<string, string> }

/** Stripe's test payment methods we answer to, with the card they stand for. */
const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; outcome: 'succeeds' | 'declined' | 'requires_action' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
};

interface RecordedStripeRequest { method: string; path: string; idempotencyKey: string | null; params: Json }

export class StripeApiDouble {
  readonly requests: RecordedStripeRequest[] = [];
  /** How new refunds come out: at once, or pending until `settleRefund`. */
  refundMode: 'succeeded' | 'pending' = 'succeeded';
  private readonly intents = new Map<string, IntentRecord>();
  private readonly charges = new Map<string, ChargeRecord>();
  private readonly refunds = new Map<string, RefundRecord>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private server: Server | null = null;

  constructor(readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`) {}

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => send(response, 500, { error: { type: 'api_error', message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  intent(id: string): Json | null {
    const intent = this.intents.get(id);
    return intent ? this.intentJson(intent, false) : null;
  }

  /** What Stripe.js does in the learner's browser: confirms the intent with a card. */
  confirm(id: string, paymentMethod: keyof typeof TEST_PAYMENT_METHODS | string): { status: number; body: Json } {
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (intent.status !== 'requires_payment_method') {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.` } } };
    }
    const card = TEST_PAYMENT_METHODS[paymentMethod];
    if (!card) return missing('payment_method', paymentMethod);
    if (card.outcome === 'declined') {
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    } else if (card.outcome === 'requires_action') {
      intent.status = 'requires_action';
    } else {
      this.charge(intent, card);
    }
    return { status: 200, body: this.intentJson(intent, false) };
  }

  private charge(intent: IntentRecord, card: { brand: string; last4: string }) {
    const charge: ChargeRecord = { id: `ch_${token()}`, amount: intent.amount, payment_intent: intent.id, brand: card.brand, last4: card.last4, refunded: false, created: now() };
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    intent.latest_charge = charge.id;
  }

  /** Stripe cancels an intent that took no money; any other status is refused with its name. */
  private cancel(id: string): { status: number; body: Json } {
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` } } };
    }
    intent.status = 'canceled';
    return { status: 200, body: this.intentJson(intent, false) };
  }

  /** The learner's bank answers the 3-D Secure challenge Stripe.js shows: the payment goes through, or it fails. */
  authenticate(id: string, authenticated: boolean) {
    const intent = this.intents.get(id);
    if (!intent || intent.status !== 'requires_action') throw new Error(`no challenge awaits on ${id}`);
    if (authenticated) {
      const method = TEST_PAYMENT_METHODS.pm_card_authenticationRequired!;
      this.charge(intent, method);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' };
    }
  }

  /**
   * Money Stripe reports on an intent after all, whatever its state here (a charge that raced the
   * cancellation on Stripe's side): tests that such money is given back.
   */
  chargeAnyway(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    this.charge(intent, TEST_PAYMENT_METHODS.pm_card_visa!);
  }

  settleRefund(refundId: string, status: 'succeeded' | 'failed' = 'succeeded') {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    const refunded = [...this.refunds.values()].filter((r) => r.charge === refund.charge && r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
    if (status === 'succeeded' && refunded >= this.charges.get(refund.charge)!.amount) this.charges.get(refund.charge)!.refunded = true;
  }

  refundsOf(intentId: string): Json[] {
    return [...this.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => this.refundJson(r));
  }

  /** A webhook event as Stripe sends it, about the object as it is now (or as it was, for a stale copy). */
  event(type: string, object: Json): Json {
    return {
      id: `evt_${token()}`,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const url = new URL(request.url ?? '/', 'http://stripe.invalid');
    const raw = await readBody(request);
    const params = parseForm(request.method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });

    if (request.method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${url.pathname}\n${raw}`).digest('hex');
      const earlier = this.idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return send(response, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
        }
        response.setHeader('Idempotent-Replayed', 'true');
        return send(response, earlier.status, earlier.body);
      }
      const answer = this.route(request.method, url.pathname, params);
      if (answer.status < 500) this.idempotent.set(idempotencyKey, { fingerprint, ...answer });
      return send(response, answer.status, answer.body);
    }
    const answer = this.route(request.method ?? 'GET', url.pathname, params);
    return send(response, answer.status, answer.body);
  }

  private route(method: string, path: string, params: Json): { status: number; body: Json } {
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params);
    let match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const intent = this.intents.get(match[1]!);
      return intent ? { status: 200, body: this.intentJson(intent, expand.includes('latest_charge')) } : missing('payment_intent', match[1]!);
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (match && method === 'POST') return this.confirm(match[1]!, String(params.payment_method ?? ''));
    match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (match && method === 'POST') {
      const answer = this.cancel(match[1]!);
      if (answer.status === 200 && expand.includes('latest_charge')) answer.body = this.intentJson(this.intents.get(match[1]!)!, true);
      return answer;
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()].reverse().filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent).sort((a, b) => b.created - a.created);
      const limit = Number(params.limit ?? 10);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: data.length > limit, data: data.slice(0, limit).map((r) => this.refundJson(r)) } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  private createIntent(params: Json) {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least €0.50 eur' } } };
    }
    const id = `pi_${token()}`;
    const intent: IntentRecord = {
      id,
      amount,
      currency: String(params.currency ?? 'eur'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      description: typeof params.description === 'string' ? params.description : null,
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ['card'],
      last_payment_error: null,
      latest_charge: null,
      created: now(),
    };
    this.intents.set(id, intent);
    return { status: 200, body: this.intentJson(intent, false) };
  }

  private createRefund(params: Json) {
    const intent = this.intents.get(String(params.payment_intent ?? ''));
    if (!intent) return missing('payment_intent', String(params.payment_intent ?? ''));
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' } } };
    }
    // Several partial refunds may follow one another, never more in all than the charge.
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    if (refunded >= intent.amount) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${intent.latest_charge} has already been refunded.` } } };
    }
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (amount > intent.amount - refunded) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(intent.amount - refunded) / 100})` } } };
    }
    const metadata = (params.metadata as Record<string, string> | undefined) ?? {};
    const refund: RefundRecord = { id: `re_${token()}`, amount, payment_intent: intent.id, charge: intent.latest_charge, status: this.refundMode, created: now(), metadata };
    this.refunds.set(refund.id, refund);
    if (refund.status === 'succeeded' && refunded + amount >= intent.amount) this.charges.get(refund.charge)!.refunded = true;
    return { status: 200, body: this.refundJson(refund) };
  }

  private intentJson(intent: IntentRecord, expandCharge: boolean): Json {
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge)! : null;
    return {
      ...intent,
      object: 'payment_intent',
      livemode: false,
      latest_charge: charge && expandCharge ? this.chargeJson(charge) : intent.latest_charge,
      next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    };
  }

  private chargeJson(charge: ChargeRecord): Json {
    return {
      id: charge.id, object: 'charge', amount: charge.amount, currency: 'eur', payment_intent: charge.payment_intent, status: 'succeeded', paid: true,
      refunded: charge.refunded, created: charge.created, livemode: false,
      payment_method_details: { type: 'card', card: { brand: charge.brand, last4: charge.last4, exp_month: 12, exp_year: 2030, country: 'FR' } },
    };
  }

  private refundJson(refund: RefundRecord): Json {
    return { ...refund, object: 'refund', currency: 'eur' };
  }
}

function token() {
  return randomBytes(12).toString('hex');
}

function now() {
  return Math.floor(Date.now() / 1000);
}

function missing(kind: string, id: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } } };
}

function send(response: ServerResponse, status: number, body: Json) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token()}` });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's form encoding: `metadata[bookingId]=…`, `expand[0]=latest_charge`. */
function parseForm(encoded: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let target: Record<string, unknown> = result;
    for (let i = 0; i < path.length - 1; i += 1) {
      const part = path[i]!;
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      target[part] ??= nextIsIndex ? [] : {};
      target = target[part] as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = value;
  }
  return result;
}
