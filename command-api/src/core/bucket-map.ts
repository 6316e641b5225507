/**
 * An immutable map from string keys, for deciders' states that grow with their stream (a year's invoice series): a new
 * version copies the one bucket of sixty-four its key falls in, and shares the others. Spreading a plain object
 * instead copies every entry at every event, which folds a stream of n events in n² steps.
 */
export type BucketMap<V> = ReadonlyArray<Readonly<Record<string, V>> | undefined>;

const BUCKETS = 64;

function bucketOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return (hash >>> 0) % BUCKETS;
}

export function emptyBucketMap<V>(): BucketMap<V> {
  return [];
}

export function bucketGet<V>(map: BucketMap<V>, key: string): V | undefined {
  const bucket = map[bucketOf(key)];
  return bucket && Object.hasOwn(bucket, key) ? bucket[key] : undefined;
}

/** The map with `key` set to `value`; `map` itself is left as it was. */
export function bucketSet<V>(map: BucketMap<V>, key: string, value: V): BucketMap<V> {
  const index = bucketOf(key);
  const next = map.slice();
  while (next.length < BUCKETS) next.push(undefined);
  next[index] = { ...map[index], [key]: value };
  return next;
}
