import { describe, expect, it } from 'vitest';
import { isFrenchLicenceNumber, normalizeLicenceNumber, OptionalLicenceNumber } from './licence-number';

describe('a French driving licence number', () => {
  it('is the 12 letters and digits of a card licence, typed with or without spaces', () => {
    expect(isFrenchLicenceNumber('13AB12345678')).toBe(true);
    expect(isFrenchLicenceNumber('13ab 1234 5678')).toBe(true);
    expect(isFrenchLicenceNumber('130688201145')).toBe(true);
  });

  it('is the digits of a pink paper licence, Corsica’s 2A and 2B included', () => {
    expect(isFrenchLicenceNumber('8806 2A 200123')).toBe(true);
    expect(isFrenchLicenceNumber('750123')).toBe(true);
    expect(isFrenchLicenceNumber('123456789012345')).toBe(true);
  });

  it('is not a word, a short number, a long one or one with other signs', () => {
    expect(isFrenchLicenceNumber('permis')).toBe(false);
    expect(isFrenchLicenceNumber('12345')).toBe(false);
    expect(isFrenchLicenceNumber('1234567890123456')).toBe(false);
    expect(isFrenchLicenceNumber('13AB1234567')).toBe(false);
    expect(isFrenchLicenceNumber('13AB_12345678')).toBe(false);
  });

  it('is kept in capitals without the separators people type', () => {
    expect(normalizeLicenceNumber(' 13ab-1234.5678 ')).toBe('13AB12345678');
    expect(OptionalLicenceNumber.parse('13ab 1234 5678')).toBe('13AB12345678');
    expect(OptionalLicenceNumber.parse('')).toBeNull();
    expect(OptionalLicenceNumber.parse(null)).toBeNull();
    expect(OptionalLicenceNumber.safeParse('ABC').success).toBe(false);
  });
});
