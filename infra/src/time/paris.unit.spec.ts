import { describe, expect, it } from 'vitest';
import { nextParisDay, parisDay, parisDayStart, parisWeekday, startOfParisToday } from './paris';

describe('Paris calendar', () => {
  it('starts a winter day at 23:00 UTC the evening before', () => {
    expect(parisDayStart('2026-12-05').toISOString()).toBe('2026-12-04T23:00:00.000Z');
  });
  it('starts a summer day at 22:00 UTC the evening before', () => {
    expect(parisDayStart('2026-07-14').toISOString()).toBe('2026-07-13T22:00:00.000Z');
  });
  it('handles the days the clocks change', () => {
    expect(parisDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parisDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
  it('knows that 23:30 UTC on a winter evening is already the next day in Paris', () => {
    expect(parisDay(new Date('2026-12-04T23:30:00Z'))).toBe('2026-12-05');
    expect(startOfParisToday(new Date('2026-12-04T23:30:00Z')).toISOString()).toBe('2026-12-04T23:00:00.000Z');
  });
  it('gives the next day and the weekday', () => {
    expect(nextParisDay('2026-10-25')).toBe('2026-10-26');
    expect(nextParisDay('2026-12-31')).toBe('2027-01-01');
    expect(parisWeekday(new Date('2026-12-05T08:00:00Z'))).toBe(6);
    expect(parisWeekday(new Date('2026-12-05T23:30:00Z'))).toBe(0);
  });
});
