export type CardFormValues = { cardholderName: string; cardNumber: string; expiry: string; cvc: string };

export type CardDetails = { cardholderName: string; cardNumber: string; expMonth: number; expYear: number; cvc: string };

export type CardFieldError = 'cardholder' | 'cardNumber' | 'expiry' | 'expired' | 'cvc';

export const EMPTY_CARD: CardFormValues = { cardholderName: '', cardNumber: '', expiry: '', cvc: '' };

/** "4242424242424242" → "4242 4242 4242 4242" (19 digits at most). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; the slash appears once the month is typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits.length === 2 && input.includes('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

/** Checks what the browser can check; the gateway decides whether the card pays. */
export function validateCard(
  values: CardFormValues,
  now: Date,
): { ok: true; card: CardDetails } | { ok: false; errors: Partial<Record<keyof CardFormValues, CardFieldError>> } {
  const errors: Partial<Record<keyof CardFormValues, CardFieldError>> = {};
  const cardholderName = values.cardholderName.trim();
  const digits = values.cardNumber.replace(/\s/g, '');
  const cvc = values.cvc.trim();
  const expiry = parseExpiry(values.expiry);

  if (!cardholderName) errors.cardholderName = 'cardholder';
  if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'cardNumber';
  if (!expiry) errors.expiry = 'expiry';
  else {
    const endOfMonth = new Date(expiry.expYear, expiry.expMonth, 1);
    if (endOfMonth.getTime() <= now.getTime()) errors.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'cvc';

  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return { ok: true, card: { cardholderName, cardNumber: formatCardNumber(digits), expMonth: expiry.expMonth, expYear: expiry.expYear, cvc } };
}
