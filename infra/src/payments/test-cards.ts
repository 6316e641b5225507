/**
 * Stripe's documented test cards and what its servers answer for each. Any other number is declined, as
 * Stripe does in test mode for a real card.
 */
type CardOutcome =
  | { kind: 'succeeds'; brand: string }
  | { kind: 'requires3ds'; brand: string }
  | { kind: 'fails'; code: string; declineCode: string | null; message: string };

const declined = (declineCode: string, message: string): CardOutcome => ({ kind: 'fails', code: 'card_declined', declineCode, message });

const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds', brand: 'visa' },
  '4000056655665556': { kind: 'succeeds', brand: 'visa' },
  '5555555555554444': { kind: 'succeeds', brand: 'mastercard' },
  '4000002500003155': { kind: 'requires3ds', brand: 'visa' },
  '4000002760003184': { kind: 'requires3ds', brand: 'visa' },
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000000069': { kind: 'fails', code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  '4000000000000127': { kind: 'fails', code: 'incorrect_cvc', declineCode: null, message: "Your card's security code is incorrect." },
  '4000000000000119': { kind: 'fails', code: 'processing_error', declineCode: null, message: 'An error occurred while processing your card. Try again in a little bit.' },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardOutcome(card: { number: string; expMonth: number; expYear: number }, now: Date): CardOutcome {
  const digits = card.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { kind: 'fails', code: 'incorrect_number', declineCode: null, message: 'Your card number is incorrect.' };
  }
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) {
    return { kind: 'fails', code: 'expired_card', declineCode: null, message: 'Your card has expired.' };
  }
  return CARDS[digits] ?? declined('test_mode_live_card', 'Your card was declined. Your request was in test mode, but used a non test card.');
}
