import { describe, expect, it } from 'vitest';
import { bucketGet, bucketSet, emptyBucketMap } from './bucket-map';

describe('BucketMap', () => {
  it('gives what was set, and leaves every earlier version as it was', () => {
    const versions = [emptyBucketMap<string>()];
    for (let i = 0; i < 500; i += 1) versions.push(bucketSet(versions.at(-1)!, `booking-${i}`, `RP-2026-${i}`));
    expect(bucketGet(versions[500]!, 'booking-0')).toBe('RP-2026-0');
    expect(bucketGet(versions[500]!, 'booking-499')).toBe('RP-2026-499');
    expect(bucketGet(versions[250]!, 'booking-249')).toBe('RP-2026-249');
    expect(bucketGet(versions[250]!, 'booking-250')).toBeUndefined();
    expect(bucketGet(versions[0]!, 'booking-0')).toBeUndefined();
    expect(bucketGet(bucketSet(versions[500]!, 'booking-7', 'RP-2027-1'), 'booking-7')).toBe('RP-2027-1');
    expect(bucketGet(versions[500]!, 'booking-7')).toBe('RP-2026-7');
  });

  it('knows no key it was not given, those of an object’s prototype included', () => {
    const map = bucketSet(emptyBucketMap<string>(), 'a', 'x');
    expect(bucketGet(map, 'toString')).toBeUndefined();
    expect(bucketGet(map, 'constructor')).toBeUndefined();
    expect(bucketGet(map, 'b')).toBeUndefined();
  });

  it('shares all buckets but one between two versions', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `k${i}`).reduce((map, key) => bucketSet(map, key, 1), emptyBucketMap<number>());
    const next = bucketSet(many, 'another', 2);
    expect(next.filter((bucket, i) => bucket !== many[i])).toHaveLength(1);
  });
});
