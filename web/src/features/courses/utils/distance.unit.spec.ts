import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';

/** Intl separates the number from its unit with a no-break space; what matters here is the number. */
const spaced = (text: string) => text.replace(/\s/gu, ' ');

describe('distance to a course', () => {
  it('uses a decimal comma in French', () => {
    expect(spaced(formatDistance(12.34, 'fr'))).toBe('12,3 km');
  });

  it('uses a decimal point in English', () => {
    expect(spaced(formatDistance(12.34, 'en'))).toBe('12.3 km');
  });

  it('shows whole kilometres without a decimal', () => {
    expect(spaced(formatDistance(7, 'fr'))).toBe('7 km');
    expect(spaced(formatDistance(0, 'en'))).toBe('0 km');
  });

  it('groups the thousands the way each language does', () => {
    expect(spaced(formatDistance(1234.56, 'fr'))).toBe('1 234,6 km');
    expect(spaced(formatDistance(1234.56, 'en'))).toBe('1,234.6 km');
  });
});
