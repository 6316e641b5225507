import Stripe from 'stripe';
import type { CreateIntentRequest, PaymentGateway, ProviderIntent, ProviderIntentStatus, ProviderRefund, RefundRequest } from './port';
import { PaymentProviderError } from './port';
import { ConfigError, type Config } from '../config';

interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** Signs the webhook deliveries (`whsec_…`); without it the webhook endpoint refuses everything. */
  webhookSecret?: string;
  /** Another API server than Stripe's (tests point this at a local server that answers as Stripe does). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Network retries of the client; each create and refund carries an idempotency key, so retrying is safe. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Webhook event types the platform acts on. Every other type is acknowledged and ignored. */
const HANDLED_STRIPE_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'refund.created',
  'refund.updated',
]);

/** What a verified webhook delivery is about: the intent to look at again, never the payload's own state. */
interface StripeWebhookNotice {
  eventId: string;
  type: string;
  paymentIntentId: string | null;
  handled: boolean;
}

export class StripeSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureError';
  }
}

/**
 * The payment port on Stripe's official client. PaymentIntents are created with the caller's idempotency key
 * (one per payment of a booking), so a retry after a crash gets the same intent back; refunds likewise.
 * The state of an intent is always read from Stripe: webhook payloads only say which intent changed.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'recup-points' },
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
  }

  async createIntent(request: CreateIntentRequest): Promise<ProviderIntent> {
    const intent = await this.call('create a payment intent', () =>
      this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          metadata: request.metadata,
          ...(request.description ? { description: request.description } : {}),
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return toProviderIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(id)) return null;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      return toProviderIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw new PaymentProviderError(`Stripe could not retrieve the payment intent ${id}`, error);
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned', expand: ['latest_charge'] }));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded, is already cancelled or is processing: it stands as it is.
      const unexpectedState = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
      if (!unexpectedState) throw new PaymentProviderError(`Stripe could not cancel the payment intent ${id}`, error);
      const intent = await this.retrieveIntent(id);
      if (!intent) throw new PaymentProviderError(`Stripe does not know the payment intent ${id}`, error);
      return intent;
    }
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const refund = await this.call('refund a payment', () =>
      this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, amount: request.amount, ...(request.reference ? { metadata: { reference: request.reference } } : {}) },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { id: refund.id, amount: refund.amount, status: refundStatus(refund.status) };
  }

  /** The latest refund of the intent carrying this reference in its metadata (none: a refund in full, which carries none). */
  async findRefund(paymentIntentId: string, reference: string | null = null): Promise<ProviderRefund | null> {
    const list = await this.call('list the refunds of a payment', () => this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }));
    const refund = list.data.find((found) => (found.metadata?.reference ?? null) === reference);
    return refund ? { id: refund.id, amount: refund.amount, status: refundStatus(refund.status) } : null;
  }

  /**
   * Verifies a webhook delivery on its raw bytes (the signature covers them exactly) and says which
   * payment intent it concerns. Throws StripeSignatureError for anything not signed with our secret or too old.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookNotice {
    if (!this.webhookSecret) throw new StripeSignatureError('No webhook secret is configured (STRIPE_WEBHOOK_SECRET).');
    if (!signature) throw new StripeSignatureError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new StripeSignatureError(error instanceof Error ? error.message : 'The signature does not match.');
    }
    return { eventId: event.id, type: event.type, paymentIntentId: paymentIntentOf(event), handled: HANDLED_STRIPE_EVENTS.has(event.type) };
  }

  async close(): Promise<void> {}

  private async call<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new PaymentProviderError(`Stripe could not ${what}`, error);
    }
  }
}

function paymentIntentOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === 'payment_intent') return object.id ?? null;
  const reference = object.payment_intent;
  if (typeof reference === 'string') return reference;
  return reference?.id ?? null;
}

function intentStatus(status: Stripe.PaymentIntent.Status): ProviderIntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method, requires_confirmation and any status a newer API adds: not paid yet.
      return 'requires_payment_method';
  }
}

function refundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' && intent.latest_charge !== null ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intentStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    lastPaymentError: error ? { code: error.code ?? 'card_declined', declineCode: error.decline_code ?? null, message: error.message ?? 'The card was declined.' } : null,
    card: card ? { brand: card.brand ?? 'card', last4: card.last4 ?? '' } : null,
  };
}

/** Stripe when its secret key is configured (with the publishable key the browser needs), otherwise null. */
export function stripeGatewayFromConfig(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>): StripePaymentGateway | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  if (!config.STRIPE_PUBLISHABLE_KEY) throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'is required when STRIPE_SECRET_KEY is set (the browser loads Stripe Elements with it)');
  if (!config.STRIPE_WEBHOOK_SECRET) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set (payments are confirmed by the signed webhook)');
  return new StripePaymentGateway({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
}
