import type { TFunction } from 'i18next';
import type { CardError } from '../machines/checkout-machine';

const KNOWN_CODES = [
  'card_declined', 'expired_card', 'incorrect_cvc', 'incorrect_number', 'processing_error', 'insufficient_funds', 'authentication_failed',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];

/** Stripe's other names for the same situations. */
const ALIASES: Record<string, KnownCode> = {
  payment_intent_authentication_failure: 'authentication_failed',
  authentication_required: 'authentication_failed',
  invalid_number: 'incorrect_number',
  incomplete_number: 'incorrect_number',
  invalid_cvc: 'incorrect_cvc',
  incomplete_cvc: 'incorrect_cvc',
  invalid_expiry_month: 'expired_card',
  invalid_expiry_year: 'expired_card',
};

function known(code: string | null): KnownCode | null {
  if (!code) return null;
  return KNOWN_CODES.find((k) => k === code) ?? ALIASES[code] ?? null;
}

/**
 * Stripe's codes in our words; the decline reason is more precise than the code when we know it. The
 * provider's own message is never shown: a code we do not know reads as a plain "declined", and only our
 * own server's words (already translated) are shown as they are.
 */
export function cardErrorMessage(t: TFunction<'checkout'>, error: CardError | null): string {
  const code = known(error?.declineCode ?? null) ?? known(error?.code ?? null);
  if (code) return t(`cardErrors.${code}`);
  if (error?.message) return error.message;
  return error?.code ? t('cardErrors.card_declined') : t('errors.paymentError');
}
