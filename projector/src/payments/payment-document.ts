import type { ProjectedDoc } from '../projection';

export const PAYMENTS_COLLECTION = 'payments';

export interface PaymentDocument extends ProjectedDoc {
  bookingId: string;
  userId: string;
  amount: number;
  currency: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  provider: 'test' | 'stripe';
  providerIntentId: string;
  createdAt: string;
  succeededAt: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  lastError: { code: string; reason: string } | null;
  refundDue: boolean;
  refundedAt: string | null;
  /** A top-up: the payment of the difference of this move to a dearer course (null: the booking's own payment). */
  moveId: string | null;
  /** What partial refunds gave back so far (differences of moves to cheaper courses), integer cents. */
  partiallyRefunded: number;
  /**
   * Every sum the provider gave back, when (full refund: what the payment still held; partial: a move's
   * difference), integer cents: the centre's statements count each in the Paris month of `refundedAt`.
   */
  refunds: Array<{ amount: number; refundedAt: string }>;
}
