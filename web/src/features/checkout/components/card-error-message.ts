import type { TFunction } from 'i18next';
import type { CardError } from '../machines/checkout-machine';

const KNOWN_CODES = ['card_declined', 'expired_card', 'incorrect_cvc', 'incorrect_number', 'processing_error', 'insufficient_funds'] as const;
type KnownCode = (typeof KNOWN_CODES)[number];

function isKnown(code: string | null): code is KnownCode {
  return KNOWN_CODES.some((known) => known === code);
}

/** Stripe's codes in our words; the decline reason is more precise than the code when we know it. */
export function cardErrorMessage(t: TFunction<'checkout'>, error: CardError | null): string {
  if (error && isKnown(error.declineCode)) return t(`cardErrors.${error.declineCode}`);
  if (error && isKnown(error.code)) return t(`cardErrors.${error.code}`);
  return error?.message || t('errors.paymentError');
}
