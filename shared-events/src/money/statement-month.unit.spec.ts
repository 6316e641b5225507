import { describe, expect, it } from 'vitest';
import { commissionOf, isMonthOver, nextMonth, parisMonthOf } from './statement-month';

describe('which month a payment or a refund belongs to', () => {
  it('is the month of its Paris day, not of its UTC day', () => {
    // Winter (UTC+1): 31 January 23:30 UTC is 1 February 00:30 in Paris.
    expect(parisMonthOf('2026-01-31T23:30:00.000Z')).toBe('2026-02');
    expect(parisMonthOf('2026-01-31T22:59:59.000Z')).toBe('2026-01');
    // Summer (UTC+2): 30 June 22:00 UTC is already 1 July in Paris.
    expect(parisMonthOf('2026-06-30T22:00:00.000Z')).toBe('2026-07');
    expect(parisMonthOf('2026-06-30T21:59:59.000Z')).toBe('2026-06');
  });

  it('rolls over the year', () => {
    expect(parisMonthOf('2026-12-31T23:00:00.000Z')).toBe('2027-01');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });

  it('is over once its last Paris day has ended', () => {
    expect(isMonthOver('2026-12', new Date('2026-12-31T22:59:59.999Z'))).toBe(false);
    expect(isMonthOver('2026-12', new Date('2026-12-31T23:00:00.000Z'))).toBe(true);
    expect(isMonthOver('2026-03', new Date('2026-03-31T21:59:59.999Z'))).toBe(false);
    expect(isMonthOver('2026-03', new Date('2026-03-31T22:00:00.000Z'))).toBe(true);
  });
});

describe('the platform’s commission', () => {
  it('is nothing at 0 %', () => {
    expect(commissionOf(45_800, 0)).toBe(0);
    expect(commissionOf(-22_900, 0)).toBe(0);
  });

  it('is the net times the percentage, to the nearest cent', () => {
    expect(commissionOf(22_900, 10)).toBe(2_290);
    // 229.01 € at 7.5 % = 17.17575 € → 17.18 €
    expect(commissionOf(22_901, 7.5)).toBe(1_718);
    // 229.99 € at 3.33 % = 7.658667 € → 7.66 €
    expect(commissionOf(22_999, 3.33)).toBe(766);
  });

  it('rounds a half cent away from zero', () => {
    // 0.50 € at 1 % = 0.005 € → 0.01 €; and -0.01 € when given back.
    expect(commissionOf(50, 1)).toBe(1);
    expect(commissionOf(-50, 1)).toBe(-1);
    // 0.49 € at 1 % = 0.0049 € → 0.00 €
    expect(commissionOf(49, 1)).toBe(0);
  });

  it('gives the commission back on a month where refunds outweigh payments', () => {
    expect(commissionOf(-22_900, 10)).toBe(-2_290);
  });
});
