import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

describe('the country list', () => {
  it('offers every country of the fixed list, by two-letter code', () => {
    expect(countryOptions('en')).toHaveLength(195);
    expect(countryOptions('fr').map((country) => country.code).sort()).toEqual(countryOptions('en').map((country) => country.code).sort());
  });

  it('names countries in French, sorted as a French reader expects', () => {
    const fr = countryOptions('fr');
    expect(fr.find((country) => country.code === 'DE')?.label).toBe('Allemagne');
    const labels = fr.map((country) => country.label);
    expect(labels.indexOf('Égypte')).toBeLessThan(labels.indexOf('Espagne'));
  });

  it('keeps the English labels in English, sorted alphabetically', () => {
    const en = countryOptions('en');
    expect(en[0]?.label).toBe('Afghanistan');
    expect(en.find((country) => country.code === 'FR')?.label).toBe('France');
  });
});
