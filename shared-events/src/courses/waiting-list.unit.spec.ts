import { describe, expect, it } from 'vitest';
import { offerEnd, offersEndAt, waitingListOpen } from './waiting-list';

const HOUR = 3_600_000;
const start = '2026-12-05T07:00:00.000Z';
const before = (hours: number) => new Date(Date.parse(start) - hours * HOUR);

describe('the waiting list in time', () => {
  it('holds an offered place for the hours set, when the course is far enough', () => {
    expect(offerEnd(before(240), start, 24)?.toISOString()).toBe(before(216).toISOString());
  });
  it('never holds a place past 48 hours before the start', () => {
    expect(offersEndAt(start).toISOString()).toBe(before(48).toISOString());
    expect(offerEnd(before(60), start, 24)?.toISOString()).toBe(before(48).toISOString());
  });
  it('makes no offer that would last less than an hour: from 49 hours before the start the list is closed', () => {
    expect(waitingListOpen(before(49), start)).toBe(true);
    expect(offerEnd(before(49), start, 24)?.toISOString()).toBe(before(48).toISOString());
    expect(waitingListOpen(new Date(before(49).getTime() + 1), start)).toBe(false);
    expect(offerEnd(before(48.5), start, 24)).toBeNull();
    expect(offerEnd(before(-1), start, 24)).toBeNull();
  });
});
