import { PaymentIntentResponse } from '@recup/command-api/contracts';
import { api } from '../../../lib/api-client';

export type PaymentIntent = PaymentIntentResponse;

export function createPaymentIntent(bookingId: string): Promise<PaymentIntent> {
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/create-payment-intent`, { schema: PaymentIntentResponse });
}
