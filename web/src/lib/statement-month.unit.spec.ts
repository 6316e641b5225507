import { describe, expect, it } from 'vitest';
import { isMonth, monthName, parisMonth, shiftMonth } from './statement-month';

describe('the statement’s month', () => {
  it('is the Paris month', () => {
    expect(parisMonth(new Date('2026-11-30T23:30:00.000Z'))).toBe('2026-12');
    expect(parisMonth(new Date('2026-11-30T22:30:00.000Z'))).toBe('2026-11');
  });
  it('moves across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
  it('is named in the reader’s language', () => {
    expect(monthName('2026-11', 'fr')).toBe('novembre 2026');
    expect(monthName('2026-11', 'en')).toBe('November 2026');
  });
  it('is recognised', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});
