import type { RateLimitClock, RateLimitCount, RateLimitStore } from './port';

interface Window {
  count: number;
  endsAt: number;
}

/** Windows in this process's memory: what every embedded store made on it shares. */
class RateLimitWindows {
  readonly byKey = new Map<string, Window>();
  private hitsSinceSweep = 0;

  /** Every so many hits, drops the windows that have ended, so that keys seen once do not stay forever. */
  sweep(now: number, every = 1000) {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < every) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.byKey) if (window.endsAt <= now) this.byKey.delete(key);
  }
}

interface EmbeddedRateLimitStoreOptions {
  now?: RateLimitClock;
  /** The windows to count into: those of another store of this process (a second API in the same process). */
  windows?: RateLimitWindows;
}

/**
 * The embedded rate-limit store: counters in memory, for the single process of the embedded mode. A restart
 * forgets them (a client's budget starts afresh), which one process can live with; several replicas cannot,
 * and use the MongoDB store. JavaScript runs one increment at a time, so each is counted exactly.
 */
export class EmbeddedRateLimitStore implements RateLimitStore {
  readonly windows: RateLimitWindows;
  private readonly now: RateLimitClock;

  constructor(options: EmbeddedRateLimitStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.windows = options.windows ?? new RateLimitWindows();
  }

  async increment(key: string, windowMs: number): Promise<RateLimitCount> {
    const now = this.now();
    this.windows.sweep(now);
    const live = this.windows.byKey.get(key);
    const window = live && live.endsAt > now ? { count: live.count + 1, endsAt: live.endsAt } : { count: 1, endsAt: now + windowMs };
    this.windows.byKey.set(key, window);
    return { current: window.count, ttlMs: window.endsAt - now };
  }

  async read(key: string): Promise<RateLimitCount> {
    const now = this.now();
    const window = this.windows.byKey.get(key);
    return window && window.endsAt > now ? { current: window.count, ttlMs: window.endsAt - now } : { current: 0, ttlMs: 0 };
  }

  async close(): Promise<void> {}
}
