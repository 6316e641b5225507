import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHoliday } from './french-public-holidays';

describe('French public holidays', () => {
  it('knows Easter Sunday of several years', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('names the holidays that move with Easter', () => {
    expect(frenchPublicHoliday('2026-04-06')).toBe('easterMonday');
    expect(frenchPublicHoliday('2026-05-14')).toBe('ascensionDay');
    expect(frenchPublicHoliday('2026-05-25')).toBe('whitMonday');
    expect(frenchPublicHoliday('2027-03-29')).toBe('easterMonday');
  });

  it('names the fixed ones, and no other day', () => {
    expect(['2026-01-01', '2026-05-01', '2026-05-08', '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25'].map(frenchPublicHoliday))
      .toEqual(['newYearsDay', 'labourDay', 'victoryInEuropeDay', 'bastilleDay', 'assumptionDay', 'allSaintsDay', 'armisticeDay', 'christmasDay']);
    expect(frenchPublicHoliday('2026-12-24')).toBeNull();
    expect(frenchPublicHoliday('2026-04-05')).toBeNull(); // Easter Sunday is a Sunday, not a listed holiday
  });
});
