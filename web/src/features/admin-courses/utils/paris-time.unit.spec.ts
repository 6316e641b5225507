import { describe, expect, it } from 'vitest';
import { isoToParisLocal, parisLocalToIso, proposedEnd } from './paris-time';

describe('course times typed in Paris time', () => {
  it('turn into instants in winter and in summer', () => {
    expect(parisLocalToIso('2026-12-10T08:00')).toBe('2026-12-10T07:00:00.000Z');
    expect(parisLocalToIso('2026-07-10T08:00')).toBe('2026-07-10T06:00:00.000Z');
    expect(parisLocalToIso('not a date')).toBeNull();
  });
  it('come back as typed, and propose the end the next day at 17:00', () => {
    expect(isoToParisLocal('2026-12-10T07:00:00.000Z')).toBe('2026-12-10T08:00');
    expect(proposedEnd('2026-12-10T08:00')).toBe('2026-12-11T17:00');
    // Across the change to summer time the wall clock still reads 17:00.
    expect(proposedEnd('2026-03-28T08:00')).toBe('2026-03-29T17:00');
  });
});
