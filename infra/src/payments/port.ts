/**
 * The payment port: the card payment provider's servers. Production: Stripe. Embedded: the built-in test
 * gateway, which answers as Stripe does for its test cards.
 */
export type ProviderIntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: ProviderIntentStatus;
  /** Integer cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  lastPaymentError: { code: string; declineCode: string | null; message: string } | null;
  card: { brand: string; last4: string } | null;
}

export interface CreateIntentRequest {
  amount: number;
  currency: 'eur';
  /** The same key always gives back the same intent. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description?: string;
}

export interface PaymentGateway {
  readonly provider: 'test' | 'stripe';
  /** What the browser needs to load the provider's card form (Stripe's publishable key); null for the test gateway. */
  readonly publishableKey: string | null;
  createIntent(request: CreateIntentRequest): Promise<ProviderIntent>;
  /** The intent as the provider sees it now; null when the provider does not know it. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent that has taken no money (waiting for a card or for a 3-D Secure challenge): no charge
   * can land on it afterwards. Answers the intent as it then stands: `canceled`, or, when the money was taken
   * first, `succeeded` (nothing is cancelled, the caller settles it). Asking again changes nothing.
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /**
   * Refunds `amount` of a succeeded intent: all it still holds (a full refund), or a part of it (several parts may
   * follow one another, never more in all than was paid). `reference` names a part for good (recorded with the
   * refund at the provider; none for a full refund), so that `findRefund` finds it again. The same key always
   * gives back the same refund.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * The latest refund of an intent with this reference (none: a full refund), as the provider sees it now, or null
   * when there is none.
   */
  findRefund(paymentIntentId: string, reference?: string | null): Promise<ProviderRefund | null>;
}

export interface RefundRequest {
  paymentIntentId: string;
  amount: number;
  idempotencyKey: string;
  /** A part of the payment given back, named for good (e.g. `move-<event id>`); absent for a full refund. */
  reference?: string;
}

export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
}

export class PaymentProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
