import { describe, expect, it } from 'vitest';
import { holdDeadline } from './hold-deadline';

describe('until when an unpaid booking holds its spot', () => {
  it('gives the hour in Paris when the hold ends the same day', () => {
    expect(holdDeadline('2026-11-21T13:35:00.000Z', new Date('2026-11-21T13:05:00.000Z'), 'fr')).toEqual({ time: '14h35', date: null, elapsed: false });
    expect(holdDeadline('2026-11-21T13:35:00.000Z', new Date('2026-11-21T13:05:00.000Z'), 'en')).toMatchObject({ time: expect.stringMatching(/^2:35\sPM$/), date: null });
  });
  it('gives the day too when the hold ends after midnight in Paris', () => {
    const end = holdDeadline('2026-11-21T23:10:00.000Z', new Date('2026-11-21T22:40:00.000Z'), 'fr');
    expect(end.time).toBe('0h10');
    expect(end.date).toMatch(/22 novembre 2026/);
  });
  it('says when the time to pay has run out', () => {
    expect(holdDeadline('2026-11-21T13:35:00.000Z', new Date('2026-11-21T13:35:00.000Z'), 'fr').elapsed).toBe(true);
  });
});
