import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry, validateCard } from './card-input';

describe('card number', () => {
  it('is shown in groups of four digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 0027-6000 3184')).toBe('4000 0027 6000 3184');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('keeps 19 digits at most', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('expiry date', () => {
  it('gets its slash once the month is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
  });

  it('reads MM/YY as a month and a four-digit year', () => {
    expect(parseExpiry('09/31')).toEqual({ expMonth: 9, expYear: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('9/31')).toBeNull();
  });
});

describe('card form', () => {
  const now = new Date(2030, 5, 15);
  const valid = { cardholderName: ' Marie Curie ', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('gives the card details the gateway expects', () => {
    expect(validateCard(valid, now)).toEqual({
      ok: true,
      card: { cardholderName: 'Marie Curie', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
  });

  it('names every invalid field', () => {
    expect(validateCard({ cardholderName: ' ', cardNumber: '4242', expiry: '1', cvc: '12' }, now)).toEqual({
      ok: false,
      errors: { cardholderName: 'cardholder', cardNumber: 'cardNumber', expiry: 'expiry', cvc: 'cvc' },
    });
  });

  it('refuses a card that expired before this month', () => {
    expect(validateCard({ ...valid, expiry: '05/30' }, now)).toEqual({ ok: false, errors: { expiry: 'expired' } });
    expect(validateCard({ ...valid, expiry: '06/30' }, now).ok).toBe(true);
  });
});
