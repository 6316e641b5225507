import type { PaymentEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { amountLeft, evolvePayment, initialPaymentState, type PaymentState } from './payment';
import { PartialRefundTooLarge, PaymentAlreadyExists, PaymentAmountMismatch, PaymentIntentMismatch, PaymentNotCancellable, PaymentNotFound, PaymentNotRefundable } from './payment-errors';

export type CreatePaymentIntent = {
  type: 'CreatePaymentIntent';
  paymentId: string;
  bookingId: string;
  userId: string;
  amount: number;
  /** What is due: the booking's price, or for a top-up the move's difference; the amount must equal it. */
  bookingPrice: number;
  provider: 'test' | 'stripe';
  providerIntentId: string;
  /** A top-up: the move whose difference it pays. */
  moveId?: string;
  now: Date;
};
type RecordPaymentSuccess = {
  type: 'RecordPaymentSuccess';
  providerIntentId: string;
  amount: number;
  card: { brand: string; last4: string } | null;
  now: Date;
};
type RecordPaymentFailure = { type: 'RecordPaymentFailure'; providerIntentId: string; code: string; reason: string; now: Date };
/** The provider cancelled the intent (or never knew it): nothing was, or can any more be, charged on it. */
type RecordIntentCanceled = { type: 'RecordIntentCanceled'; providerIntentId: string; reason: string; now: Date };
type RequestRefund = { type: 'RequestRefund'; reason: string; now: Date };
type RecordRefund = { type: 'RecordRefund'; providerRefundId: string; amount: number; now: Date };
/** `providerRefundId`: the provider's refund that failed, or null when the provider could not be reached. */
type RecordRefundFailure = { type: 'RecordRefundFailure'; reason: string; providerRefundId: string | null; now: Date };
/** Gives back `amount` of a payment that the booking keeps for the rest (a move to a cheaper course); `refundId` names it for good. */
type RequestPartialRefund = { type: 'RequestPartialRefund'; refundId: string; amount: number; reason: string; now: Date };
type RecordPartialRefund = { type: 'RecordPartialRefund'; refundId: string; providerRefundId: string; amount: number; now: Date };
type RecordPartialRefundFailure = { type: 'RecordPartialRefundFailure'; refundId: string; reason: string; providerRefundId: string | null; now: Date };
type PaymentCommand =
  | CreatePaymentIntent | RecordPaymentSuccess | RecordPaymentFailure | RecordIntentCanceled | RequestRefund | RecordRefund | RecordRefundFailure
  | RequestPartialRefund | RecordPartialRefund | RecordPartialRefundFailure;

function refundable(state: PaymentState): Existing {
  if (state.status === 'absent') throw new PaymentNotFound();
  return state;
}

/**
 * Gives back all the money the payment still holds, once. A payment whose every cent was already asked back in
 * parts (a difference paid for a move, then given back by a later cheaper move) has nothing left: nothing happens.
 */
function requestRefund(command: RequestRefund, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  if (payment.status === 'REFUNDED' || payment.refundDue) return [];
  if (payment.status !== 'SUCCEEDED') throw new PaymentNotRefundable(payment.status);
  const amount = amountLeft(payment);
  if (amount === 0) return [];
  return [{ type: 'PaymentRefundRequested', data: { paymentId: payment.paymentId, bookingId: payment.bookingId, amount, reason: command.reason, requestedAt: command.now.toISOString() } }];
}

function recordRefund(command: RecordRefund, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  if (payment.status === 'REFUNDED') return [];
  if (!payment.refundDue) throw new PaymentNotRefundable(payment.status);
  const amount = amountLeft(payment);
  if (command.amount !== amount) throw new PaymentAmountMismatch(amount, command.amount);
  return [{ type: 'PaymentRefunded', data: { paymentId: payment.paymentId, bookingId: payment.bookingId, amount, providerRefundId: command.providerRefundId, refundedAt: command.now.toISOString() } }];
}

/**
 * Part of a payment the booking keeps goes back (a move to a cheaper course), at most what it still holds. A
 * payment being refunded in full, or refunded, gives everything back already: nothing more to ask.
 */
function requestPartialRefund(command: RequestPartialRefund, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  if (payment.partialRefunds[command.refundId] || payment.status === 'REFUNDED' || payment.refundDue || command.amount === 0) return [];
  if (payment.status !== 'SUCCEEDED') throw new PaymentNotRefundable(payment.status);
  if (command.amount > amountLeft(payment)) throw new PartialRefundTooLarge(amountLeft(payment), command.amount);
  return [{
    type: 'PaymentPartialRefundRequested',
    data: { paymentId: payment.paymentId, bookingId: payment.bookingId, refundId: command.refundId, amount: command.amount, reason: command.reason, requestedAt: command.now.toISOString() },
  }];
}

function recordPartialRefund(command: RecordPartialRefund, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  const part = payment.partialRefunds[command.refundId];
  if (!part) throw new PaymentNotRefundable(payment.status);
  if (part.done) return [];
  if (command.amount !== part.amount) throw new PaymentAmountMismatch(part.amount, command.amount);
  return [{
    type: 'PaymentPartiallyRefunded',
    data: { paymentId: payment.paymentId, bookingId: payment.bookingId, refundId: command.refundId, amount: part.amount, providerRefundId: command.providerRefundId, refundedAt: command.now.toISOString() },
  }];
}

function recordPartialRefundFailure(command: RecordPartialRefundFailure, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  const part = payment.partialRefunds[command.refundId];
  if (!part || part.done) return [];
  if (command.providerRefundId && part.failedRefundIds.includes(command.providerRefundId)) return [];
  return [{
    type: 'PaymentPartialRefundFailed',
    data: {
      paymentId: payment.paymentId, bookingId: payment.bookingId, refundId: command.refundId, reason: command.reason, failedAt: command.now.toISOString(),
      ...(command.providerRefundId ? { providerRefundId: command.providerRefundId } : {}),
    },
  }];
}

function recordRefundFailure(command: RecordRefundFailure, state: PaymentState): PaymentEvent[] {
  const payment = refundable(state);
  if (!payment.refundDue) return [];
  if (command.providerRefundId && payment.failedRefundIds.includes(command.providerRefundId)) return [];
  return [{
    type: 'PaymentRefundFailed',
    data: {
      paymentId: payment.paymentId, bookingId: payment.bookingId, reason: command.reason, failedAt: command.now.toISOString(),
      ...(command.providerRefundId ? { providerRefundId: command.providerRefundId } : {}),
    },
  }];
}

type Existing = Exclude<PaymentState, { status: 'absent' }>;

function existing(state: PaymentState, providerIntentId: string): Existing {
  if (state.status === 'absent') throw new PaymentNotFound();
  if (state.providerIntentId !== providerIntentId) throw new PaymentIntentMismatch();
  return state;
}

function createIntent(command: CreatePaymentIntent, state: PaymentState): PaymentEvent[] {
  if (state.status !== 'absent') {
    if (state.providerIntentId === command.providerIntentId) return [];
    throw new PaymentAlreadyExists();
  }
  if (command.amount !== command.bookingPrice) throw new PaymentAmountMismatch(command.bookingPrice, command.amount);
  const { paymentId, bookingId, userId, amount, provider, providerIntentId, now } = command;
  return [{
    type: 'PaymentIntentCreated',
    data: { paymentId, bookingId, userId, amount, currency: 'EUR', provider, providerIntentId, createdAt: now.toISOString(), ...(command.moveId ? { moveId: command.moveId } : {}) },
  }];
}

function recordSuccess(command: RecordPaymentSuccess, state: PaymentState): PaymentEvent[] {
  const payment = existing(state, command.providerIntentId);
  if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') return [];
  if (command.amount !== payment.amount) throw new PaymentAmountMismatch(payment.amount, command.amount);
  return [{
    type: 'PaymentSucceeded',
    data: {
      paymentId: payment.paymentId,
      bookingId: payment.bookingId,
      providerIntentId: payment.providerIntentId,
      amount: payment.amount,
      cardBrand: command.card?.brand ?? null,
      cardLast4: command.card?.last4 ?? null,
      succeededAt: command.now.toISOString(),
    },
  }];
}

function recordFailure(command: RecordPaymentFailure, state: PaymentState): PaymentEvent[] {
  const payment = existing(state, command.providerIntentId);
  // A failure reported after the money was taken, or after the intent was cancelled, is stale news; the
  // same decline reported again (the browser and the provider's notice, a notice delivered twice) is one.
  if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED' || payment.status === 'CANCELED') return [];
  if (payment.status === 'FAILED' && payment.lastFailureCode === command.code) return [];
  return [{
    type: 'PaymentFailed',
    data: { paymentId: payment.paymentId, bookingId: payment.bookingId, providerIntentId: payment.providerIntentId, code: command.code, reason: command.reason, failedAt: command.now.toISOString() },
  }];
}

function recordCanceled(command: RecordIntentCanceled, state: PaymentState): PaymentEvent[] {
  const payment = existing(state, command.providerIntentId);
  if (payment.status === 'CANCELED') return [];
  // Money taken is a fact no cancellation undoes: only a refund gives it back.
  if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') throw new PaymentNotCancellable(payment.status);
  return [{
    type: 'PaymentIntentCanceled',
    data: { paymentId: payment.paymentId, bookingId: payment.bookingId, providerIntentId: payment.providerIntentId, reason: command.reason, canceledAt: command.now.toISOString() },
  }];
}

function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'CreatePaymentIntent':
      return createIntent(command, state);
    case 'RecordPaymentSuccess':
      return recordSuccess(command, state);
    case 'RecordPaymentFailure':
      return recordFailure(command, state);
    case 'RecordIntentCanceled':
      return recordCanceled(command, state);
    case 'RequestRefund':
      return requestRefund(command, state);
    case 'RecordRefund':
      return recordRefund(command, state);
    case 'RecordRefundFailure':
      return recordRefundFailure(command, state);
    case 'RequestPartialRefund':
      return requestPartialRefund(command, state);
    case 'RecordPartialRefund':
      return recordPartialRefund(command, state);
    case 'RecordPartialRefundFailure':
      return recordPartialRefundFailure(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
