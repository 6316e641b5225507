import type { PaymentEvent } from '@recup/shared-events';

/** CANCELED: the provider's intent was cancelled before it took any money; a final state, unless a charge lands anyway. */
type PaymentStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED' | 'REFUNDED';

export type PaymentState =
  | { status: 'absent' }
  | {
      status: PaymentStatus;
      paymentId: string;
      bookingId: string;
      userId: string;
      amount: number;
      providerIntentId: string;
      provider: 'test' | 'stripe';
      /** A refund was asked for and is not done yet. */
      refundDue: boolean;
      /** When the provider took the money (ISO); dates the invoice. */
      succeededAt: string | null;
      /** Refund attempts the provider did not carry out: each new attempt asks with a new key. */
      refundFailures: number;
      /** The provider's refunds known to have failed: a repeated report of one changes nothing. */
      failedRefundIds: string[];
      /** The code of the last decline recorded: the same decline reported again changes nothing. */
      lastFailureCode: string | null;
      /** A top-up: the difference of this move to a dearer course (null: the booking's own payment). */
      moveId: string | null;
      /** Parts of it to give back (the differences of moves to cheaper courses), by refund id. */
      partialRefunds: Record<string, PartialRefund>;
    };

type PartialRefund = {
  amount: number;
  done: boolean;
  /** Attempts the provider did not carry out: each new attempt asks with a new key. */
  failures: number;
  /** The provider's refunds known to have failed: a repeated report of one changes nothing. */
  failedRefundIds: string[];
};

/**
 * What the payment still holds for its booking once every part asked back is given back: its amount, less the
 * partial refunds requested (done or still to do). A full refund gives this back.
 */
export function amountLeft(payment: Pick<Exclude<PaymentState, { status: 'absent' }>, 'amount' | 'partialRefunds'>): number {
  return payment.amount - Object.values(payment.partialRefunds).reduce((sum, part) => sum + part.amount, 0);
}

export const initialPaymentState = (): PaymentState => ({ status: 'absent' });

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentIntentCreated': {
      const { paymentId, bookingId, userId, amount, providerIntentId, provider, moveId } = event.data;
      return {
        status: 'PENDING', paymentId, bookingId, userId, amount, providerIntentId, provider, refundDue: false, succeededAt: null, refundFailures: 0, failedRefundIds: [], lastFailureCode: null,
        moveId: moveId ?? null, partialRefunds: {},
      };
    }
    case 'PaymentSucceeded':
      return state.status === 'absent' ? state : { ...state, status: 'SUCCEEDED', succeededAt: event.data.succeededAt };
    case 'PaymentFailed':
      return state.status === 'absent' ? state : { ...state, status: 'FAILED', lastFailureCode: event.data.code };
    case 'PaymentIntentCanceled':
      return state.status === 'absent' ? state : { ...state, status: 'CANCELED' };
    case 'PaymentRefundRequested':
      return state.status === 'absent' ? state : { ...state, refundDue: true };
    case 'PaymentRefunded':
      return state.status === 'absent' ? state : { ...state, status: 'REFUNDED', refundDue: false };
    case 'PaymentRefundFailed':
      if (state.status === 'absent') return state;
      return {
        ...state,
        refundFailures: state.refundFailures + 1,
        failedRefundIds: event.data.providerRefundId ? [...state.failedRefundIds, event.data.providerRefundId] : state.failedRefundIds,
      };
    case 'PaymentPartialRefundRequested':
      if (state.status === 'absent') return state;
      return { ...state, partialRefunds: { ...state.partialRefunds, [event.data.refundId]: { amount: event.data.amount, done: false, failures: 0, failedRefundIds: [] } } };
    case 'PaymentPartiallyRefunded': {
      const part = state.status === 'absent' ? undefined : state.partialRefunds[event.data.refundId];
      if (state.status === 'absent' || !part) return state;
      return { ...state, partialRefunds: { ...state.partialRefunds, [event.data.refundId]: { ...part, done: true } } };
    }
    case 'PaymentPartialRefundFailed': {
      const part = state.status === 'absent' ? undefined : state.partialRefunds[event.data.refundId];
      if (state.status === 'absent' || !part) return state;
      const failedRefundIds = event.data.providerRefundId ? [...part.failedRefundIds, event.data.providerRefundId] : part.failedRefundIds;
      return { ...state, partialRefunds: { ...state.partialRefunds, [event.data.refundId]: { ...part, failures: part.failures + 1, failedRefundIds } } };
    }
  }
}
