import { describe, expect, it } from 'vitest';
import { formatCourseDay, formatDateRange, formatLongDate, formatMoney, formatShortDate, formatTime, fromIsoDay, toIsoDay } from './format';

// Intl separates French thousands and the euro sign with (narrow) no-break spaces: compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money, stored in euro cents', () => {
  it('reads as French euros in French', () => {
    expect(plain(formatMoney(24_900, 'fr'))).toBe('249,00 €');
    expect(plain(formatMoney(123_456, 'fr'))).toBe('1 234,56 €');
  });

  it('reads as American-formatted euros in English', () => {
    expect(formatMoney(24_900, 'en')).toBe('€249.00');
    expect(formatMoney(123_456, 'en')).toBe('€1,234.56');
  });

  it('takes the currency code in either case', () => {
    expect(formatMoney(500, 'en', 'eur')).toBe('€5.00');
  });
});

describe('course days: weekday, day, full month name, year', () => {
  it('read in French', () => {
    expect(formatLongDate('2099-05-09T06:00:00.000Z', 'fr')).toBe('samedi 9 mai 2099');
    expect(formatLongDate('2025-02-01T08:00:00.000Z', 'fr')).toBe('samedi 1 février 2025');
  });

  it('read in English', () => {
    expect(formatLongDate('2099-05-09T06:00:00.000Z', 'en')).toBe('Saturday, May 9, 2099');
    expect(formatLongDate('2025-02-01T08:00:00.000Z', 'en')).toBe('Saturday, February 1, 2025');
  });

  it('leave the weekday out of a date that is no course day, when asked', () => {
    expect(formatLongDate('2099-05-09T06:00:00.000Z', 'fr', { weekday: false })).toBe('9 mai 2099');
    expect(formatLongDate('2099-05-09T06:00:00.000Z', 'en', { weekday: false })).toBe('May 9, 2099');
  });

  it('are the day of the course in France, not in the visitor’s zone', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Paris.
    expect(formatLongDate('2025-12-31T23:30:00.000Z', 'fr')).toBe('jeudi 1 janvier 2026');
  });

  it('name both weekdays of a two-day course, and its month once', () => {
    // ICU versions differ on the spaces around the dash.
    const range = (language: 'fr' | 'en', start = '2099-05-08T06:00:00.000Z', end = '2099-05-09T15:00:00.000Z') =>
      plain(formatDateRange(start, end, language)).replace(/\s*–\s*/, '–');
    expect(range('fr')).toBe('vendredi 8–samedi 9 mai 2099');
    expect(range('en')).toBe('Friday, May 8–Saturday, May 9, 2099');
    expect(range('fr', '2099-05-29T06:00:00.000Z', '2099-05-30T15:00:00.000Z')).toBe('vendredi 29–samedi 30 mai 2099');
    expect(range('fr', '2099-06-30T06:00:00.000Z', '2099-07-01T15:00:00.000Z')).toBe('mardi 30 juin–mercredi 1 juillet 2099');
  });
});

describe('short dates', () => {
  it('read DD/MM/YYYY in French and MM/DD/YYYY in English', () => {
    expect(formatShortDate('2099-05-09T06:00:00.000Z', 'fr')).toBe('09/05/2099');
    expect(formatShortDate('2099-05-09T06:00:00.000Z', 'en')).toBe('05/09/2099');
  });
});

describe('a course’s day where room is short', () => {
  it('still names its weekday, in Paris: a course that runs Friday–Saturday reads so in a table', () => {
    expect(formatCourseDay('2099-05-08T06:00:00.000Z', 'fr')).toBe('ven. 08/05/2099');
    expect(formatCourseDay('2099-05-09T15:00:00.000Z', 'en')).toBe('Sat, 05/09/2099');
    // 23:30 UTC is already the next day in Paris.
    expect(formatCourseDay('2099-05-08T23:30:00.000Z', 'fr')).toBe('sam. 09/05/2099');
  });
});

describe('times of day, in France', () => {
  it('read 8h00 in French and 8:00 AM in English', () => {
    expect(formatTime('2099-05-09T06:00:00.000Z', 'fr')).toBe('8h00');
    expect(plain(formatTime('2099-05-10T15:00:00.000Z', 'en'))).toBe('5:00 PM');
  });
});

describe('calendar days for the API', () => {
  it('go to YYYY-MM-DD and back', () => {
    expect(toIsoDay(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(fromIsoDay('2025-01-05')?.getDate()).toBe(5);
    expect(fromIsoDay('05/01/2025')).toBeNull();
  });
});
