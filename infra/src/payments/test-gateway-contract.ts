/**
 * The built-in test gateway's card confirmation, which the browser calls in place of Stripe.js when no
 * Stripe key is configured. Pure zod: the web imports it. The gateway, not the browser, decides the
 * outcome from the card number, as Stripe's servers do with its test cards.
 */
import { z } from 'zod';

export const TEST_GATEWAY_BASE = '/api/test-gateway';

export const TestCardConfirmRequest = z.object({
  clientSecret: z.string().min(1),
  cardholderName: z.string().trim().min(1).max(100),
  /** Digits, spaces allowed. */
  cardNumber: z.string().regex(/^[\d ]{12,23}$/),
  expMonth: z.number().int().min(1).max(12),
  /** Four digits. */
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  /** Where the 3-D Secure challenge returns to, with `payment_intent` added. */
  returnUrl: z.string().optional(),
});
export type TestCardConfirmRequest = z.infer<typeof TestCardConfirmRequest>;

const TestIntentStatus = z.enum(['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled']);

export const TestCardConfirmResponse = z.object({
  id: z.string(),
  status: TestIntentStatus,
  /** Stripe's error codes: `card_declined`, `expired_card`, `incorrect_cvc`, `incorrect_number`, `processing_error`. */
  lastPaymentError: z
    .object({ code: z.string(), declineCode: z.string().nullable(), message: z.string() })
    .nullable(),
  /** Set when status is `requires_action`: the 3-D Secure challenge page. */
  nextAction: z.object({ redirectUrl: z.string() }).nullable(),
});
export type TestCardConfirmResponse = z.infer<typeof TestCardConfirmResponse>;
