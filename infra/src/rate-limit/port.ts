/** How many hits a key has had in its current window, and how long until that window ends. */
export interface RateLimitCount {
  /** Hits counted in the current window (0 when the key has no live window). */
  current: number;
  /** Milliseconds until the window ends and the count starts again (0 when the key has no live window). */
  ttlMs: number;
}

/**
 * The rate-limit store port: a counter per key over a fixed window that starts at the key's first hit.
 * Every instance on the same backing (every replica of an API on the same MongoDB) counts into the same
 * budget, and concurrent hits are each counted exactly once.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key` and answers the count including it. When the key has no live window, a new one of
   * `windowMs` starts with this hit (count 1); otherwise the window keeps its end and the count goes up by one.
   */
  increment(key: string, windowMs: number): Promise<RateLimitCount>;
  /** The key's count and time left, without counting a hit. */
  read(key: string): Promise<RateLimitCount>;
  close(): Promise<void>;
}

/** The store's time, in milliseconds since the epoch (the contract suite moves it). */
export type RateLimitClock = () => number;
