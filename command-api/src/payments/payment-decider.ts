import type { PaymentEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolvePayment, initialPaymentState, type PaymentState } from './payment';
import { PaymentAlreadyExists, PaymentAmountMismatch, PaymentIntentMismatch, PaymentNotFound } from './payment-errors';

export type CreatePaymentIntent = {
  type: 'CreatePaymentIntent';
  paymentId: string;
  bookingId: string;
  userId: string;
  amount: number;
  /** The booking's price: what the amount must equal. */
  bookingPrice: number;
  provider: 'test' | 'stripe';
  providerIntentId: string;
  now: Date;
};
export type RecordPaymentSuccess = {
  type: 'RecordPaymentSuccess';
  providerIntentId: string;
  amount: number;
  card: { brand: string; last4: string } | null;
  now: Date;
};
export type RecordPaymentFailure = { type: 'RecordPaymentFailure'; providerIntentId: string; code: string; reason: string; now: Date };
export type PaymentCommand = CreatePaymentIntent | RecordPaymentSuccess | RecordPaymentFailure;

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
  return [{ type: 'PaymentIntentCreated', data: { paymentId, bookingId, userId, amount, currency: 'EUR', provider, providerIntentId, createdAt: now.toISOString() } }];
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
  // A failure reported after the money was taken is stale news: the success stands.
  if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') return [];
  return [{
    type: 'PaymentFailed',
    data: { paymentId: payment.paymentId, bookingId: payment.bookingId, providerIntentId: payment.providerIntentId, code: command.code, reason: command.reason, failedAt: command.now.toISOString() },
  }];
}

export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'CreatePaymentIntent':
      return createIntent(command, state);
    case 'RecordPaymentSuccess':
      return recordSuccess(command, state);
    case 'RecordPaymentFailure':
      return recordFailure(command, state);
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
