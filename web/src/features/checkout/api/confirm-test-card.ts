import { TEST_GATEWAY_BASE, TestCardConfirmResponse, type TestCardConfirmRequest } from '@recup/infra/payments/test-gateway-contract';
import { api } from '../../../lib/api-client';

/** The built-in test gateway stands in for Stripe.js: it, not the browser, decides the outcome from the card number. */
export function confirmTestCard(paymentIntentId: string, request: TestCardConfirmRequest): Promise<TestCardConfirmResponse> {
  return api.post(`${TEST_GATEWAY_BASE}/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
    body: request,
    schema: TestCardConfirmResponse,
  });
}
