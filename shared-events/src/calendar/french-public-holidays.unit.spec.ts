import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidayOn, frenchPublicHolidays, isFrenchPublicHoliday } from './french-public-holidays';

describe('Easter Sunday', () => {
  it('falls on the dates of the published tables, early and late years alike', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2028)).toBe('2028-04-16');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2106)).toBe('2106-04-18');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });
});

describe('French public holidays', () => {
  it('are the eleven days of the Code du travail, the movable ones counted from Easter', () => {
    expect(frenchPublicHolidays(2026).map((h) => `${h.day} ${h.name.fr}`)).toEqual([
      '2026-01-01 Jour de l’an',
      '2026-04-06 Lundi de Pâques',
      '2026-05-01 Fête du Travail',
      '2026-05-08 Victoire 1945',
      '2026-05-14 Ascension',
      '2026-05-25 Lundi de Pentecôte',
      '2026-07-14 Fête nationale',
      '2026-08-15 Assomption',
      '2026-11-01 Toussaint',
      '2026-11-11 Armistice 1918',
      '2026-12-25 Noël',
    ]);
  });

  it('move with Easter from one year to the next', () => {
    expect(frenchPublicHolidays(2027).filter((h) => /Pâques|Ascension|Pentecôte/.test(h.name.fr)).map((h) => h.day)).toEqual(['2027-03-29', '2027-05-06', '2027-05-17']);
  });

  it('are recognised on a day or at an instant read in Paris, whatever the time zone of the instant', () => {
    expect(isFrenchPublicHoliday('2026-07-14')).toBe(true);
    expect(frenchPublicHolidayOn('2026-05-14')?.name.en).toBe('Ascension Day');
    // 23:30 UTC on 13 July is already the 14th in Paris; 22:30 UTC on 14 July is the 15th there.
    expect(isFrenchPublicHoliday(new Date('2026-07-13T22:30:00Z'))).toBe(true);
    expect(isFrenchPublicHoliday(new Date('2026-07-14T22:30:00Z'))).toBe(false);
    expect(isFrenchPublicHoliday('2026-07-15')).toBe(false);
    expect(isFrenchPublicHoliday('2026-04-05')).toBe(false); // Easter Sunday: a Sunday, not in the list
  });
});
