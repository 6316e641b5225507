import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  it('keeps the last `size` keys set, with their last value', () => {
    const map = new RecentMap<string, number>(3);
    for (let i = 0; i < 10; i += 1) map.set(`k${i}`, i);
    map.set('k9', 90);
    expect([map.get('k7'), map.get('k8'), map.get('k9')]).toEqual([7, 8, 90]);
    expect(map.get('k0')).toBeUndefined();
  });

  it('keeps a key read since it was set as long as a key set then', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2); // the young generation is full: a and b become old
    expect(map.get('a')).toBe(1); // read again: young
    map.set('c', 3); // full again: a and c become old, b is dropped
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c')]).toEqual([1, 3]);
  });

  it('never holds more than twice its size', () => {
    const map = new RecentMap<number, number>(100);
    for (let i = 0; i < 10_000; i += 1) map.set(i, i);
    const held = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => map.get(i) !== undefined);
    expect(held.length).toBeGreaterThanOrEqual(100);
    expect(held.length).toBeLessThanOrEqual(200);
    expect(held).toContain(9_999);
  });

  it('forgets a deleted key in both generations', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.delete('a')).toBe(true);
    expect(map.get('a')).toBeUndefined();
    expect(map.delete('a')).toBe(false);
    map.set('a', 2);
    expect(map.get('a')).toBe(2);
  });
});
