import { describe, expect, it } from 'vitest';
import { isoToParisLocal, parisDay, parisDayStart, parisIsoString, parisLocalToIso, parisMinutesOfDay, parisTime } from './paris';

describe('course times typed in Paris time', () => {
  it('turn into instants in winter and in summer', () => {
    expect(parisLocalToIso('2026-12-10T08:00')).toBe('2026-12-10T07:00:00.000Z');
    expect(parisLocalToIso('2026-07-10T08:00')).toBe('2026-07-10T06:00:00.000Z');
    expect(parisLocalToIso('not a date')).toBeNull();
  });
  it('come back as typed', () => {
    expect(isoToParisLocal('2026-12-10T07:00:00.000Z')).toBe('2026-12-10T08:00');
    expect(isoToParisLocal('2026-07-10T06:00:00.000Z')).toBe('2026-07-10T08:00');
  });
  it('keep the wall clock on the days the clocks change', () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00.
    expect(parisTime('2026-03-29', 17 * 60).toISOString()).toBe('2026-03-29T15:00:00.000Z');
    expect(parisTime('2026-10-25', 17 * 60).toISOString()).toBe('2026-10-25T16:00:00.000Z');
    expect(parisTime('2026-03-29', 8 * 60).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(parisMinutesOfDay(new Date('2026-10-25T16:00:00.000Z'))).toBe(17 * 60);
    expect(parisMinutesOfDay(new Date('2026-03-29T15:00:00.000Z'))).toBe(17 * 60);
  });
  it('read to the second with their offset, in winter and in summer', () => {
    expect(parisIsoString(new Date('2026-11-21T09:00:05.123Z'))).toBe('2026-11-21T10:00:05+01:00');
    expect(parisIsoString(new Date('2026-07-10T22:30:00.000Z'))).toBe('2026-07-11T00:30:00+02:00');
    // 25 October 2026, 03:00 summer time becomes 02:00 winter time: the same wall-clock hour twice, told apart by the offset.
    expect(parisIsoString(new Date('2026-10-25T00:30:00.000Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(parisIsoString(new Date('2026-10-25T01:30:00.000Z'))).toBe('2026-10-25T02:30:00+01:00');
  });
});

describe('Paris days, asked again', () => {
  it('gives each instant the same day the second time, every quarter hour around both clock changes and midnight', () => {
    const expected = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
    for (const from of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '1911-03-10T20:00:00Z']) {
      for (let q = 0; q < 4 * 36; q += 1) {
        const at = new Date(Date.parse(from) + q * 15 * 60_000);
        expect([parisDay(at), parisDay(at)]).toEqual([expected(at), expected(at)]);
      }
    }
  });

  it('begins a day at Paris midnight the second time too, summer or winter', () => {
    for (const day of ['2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26']) {
      expect(parisDayStart(day).toISOString()).toBe(parisDayStart(day).toISOString());
    }
    expect(parisDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('answers the same when asked again, minute by minute across both changes of the clock (answers kept per hour and per wall-clock time)', () => {
    const fresh = (date: Date) => {
      const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
      return Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
    };
    for (const start of ['2026-03-28T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '1911-06-01T10:00:00.000Z']) {
      for (let minute = 0; minute < 6 * 60; minute += 7) {
        const date = new Date(Date.parse(start) + minute * 60_000 + 13_000);
        expect(parisMinutesOfDay(date)).toBe(fresh(date));
        expect(parisMinutesOfDay(date)).toBe(fresh(date));
      }
    }
    for (const [day, minutes, iso] of [['2026-03-29', 8 * 60, '2026-03-29T06:00:00.000Z'], ['2026-03-28', 8 * 60, '2026-03-28T07:00:00.000Z'], ['2026-10-25', 13 * 60, '2026-10-25T12:00:00.000Z']] as const) {
      expect(parisTime(day, minutes).toISOString()).toBe(iso);
      const again = parisTime(day, minutes);
      expect(again.toISOString()).toBe(iso);
      // Each answer is a Date of its own: changing one changes no other.
      again.setTime(0);
      expect(parisTime(day, minutes).toISOString()).toBe(iso);
    }
  });
});
