/**
 * A map that keeps at least the `size` most recently set or read keys, and at most twice as many: two generations,
 * the young one taking every write and every read of an old key, the old one dropped whole when the young one is
 * full. Every operation is O(1). (A `Map` used as a least-recently-used list — delete and set again on each use,
 * drop `keys().next()` when full — is not: V8 leaves a deleted entry as a hole that iteration steps over until the
 * table is rebuilt, so finding the oldest key costs as many steps as keys were dropped since, and under a steady
 * stream of new keys the cache cost grows with its traffic.)
 */
export class RecentMap<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly size: number) {
    if (!(size >= 1)) throw new Error(`a RecentMap keeps at least one key, not ${size}`);
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined || this.young.has(key)) return value;
    if (!this.old.has(key)) return undefined;
    const kept = this.old.get(key) as V;
    this.old.delete(key);
    this.set(key, kept);
    return kept;
  }

  set(key: K, value: V) {
    this.young.set(key, value);
    if (this.young.size >= this.size) {
      this.old = this.young;
      this.young = new Map();
    }
    return this;
  }

  delete(key: K) {
    const inYoung = this.young.delete(key);
    return this.old.delete(key) || inYoung;
  }
}
