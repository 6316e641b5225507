import { describe, expect, it } from 'vitest';
import { normalizeDateText } from './date-text';

describe('a date typed in a date input, on blur', () => {
  it('reads DD/MM/YYYY in French and zero-pads it as YYYY-MM-DD', () => {
    expect(normalizeDateText('5/3/1990', 'fr')).toBe('1990-03-05');
    expect(normalizeDateText(' 15/03/1990 ', 'fr')).toBe('1990-03-15');
  });

  it('reads MM/DD/YYYY in English', () => {
    expect(normalizeDateText('3/5/1990', 'en')).toBe('1990-03-05');
    expect(normalizeDateText('12/31/1985', 'en')).toBe('1985-12-31');
  });

  it('keeps a date already written YYYY-MM-DD, in either language', () => {
    expect(normalizeDateText('1990-03-15', 'fr')).toBe('1990-03-15');
    expect(normalizeDateText('1990-3-5', 'en')).toBe('1990-03-05');
  });

  it('empties text without exactly three parts', () => {
    expect(normalizeDateText('', 'fr')).toBe('');
    expect(normalizeDateText('15/03', 'fr')).toBe('');
    expect(normalizeDateText('15/03/1990/2', 'fr')).toBe('');
  });

  it('empties text that names no real day', () => {
    expect(normalizeDateText('31/02/1990', 'fr')).toBe('');
    expect(normalizeDateText('15/13/1990', 'fr')).toBe('');
    expect(normalizeDateText('aa/bb/cccc', 'fr')).toBe('');
  });
});
