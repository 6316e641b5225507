import type { PaymentEvent } from '@recup/shared-events';

export type PaymentStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';

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
    };

export const initialPaymentState = (): PaymentState => ({ status: 'absent' });

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentIntentCreated': {
      const { paymentId, bookingId, userId, amount, providerIntentId, provider } = event.data;
      return { status: 'PENDING', paymentId, bookingId, userId, amount, providerIntentId, provider };
    }
    case 'PaymentSucceeded':
      return state.status === 'absent' ? state : { ...state, status: 'SUCCEEDED' };
    case 'PaymentFailed':
      return state.status === 'absent' ? state : { ...state, status: 'FAILED' };
  }
}
