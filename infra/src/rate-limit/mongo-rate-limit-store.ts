import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { RateLimitClock, RateLimitCount, RateLimitStore } from './port';

export const RATE_LIMITS_COLLECTION = 'rateLimits';
const DUPLICATE_KEY = 11000;

interface WindowDocument {
  /** The rate-limit key (route and client). */
  _id: string;
  count: number;
  /** When the window ends: the TTL index has the server delete it some time after. */
  expiresAt: Date;
}

interface MongoRateLimitStoreOptions {
  now?: RateLimitClock;
  collection?: string;
}

/**
 * The shared rate-limit store: one document per key and window in a MongoDB collection, so that every replica of
 * an API counts into one budget. Each hit is a single atomic `findOneAndUpdate` (an update pipeline that adds one
 * to a live window or starts a new one, upserting the first), so concurrent hits from any replica are each
 * counted once. A TTL index on `expiresAt` has the server delete ended windows (its monitor runs about once a
 * minute); until then, a window whose end has passed counts as absent. Windows are timed on the replicas' clocks
 * (kept in step by NTP): the replica that opens a window writes its end, and every replica reads that end.
 */
export class MongoRateLimitStore implements RateLimitStore {
  /** Opens the store on a database and declares its TTL index. */
  static async open(db: Db, options: MongoRateLimitStoreOptions = {}): Promise<MongoRateLimitStore> {
    const store = new MongoRateLimitStore(db.collection<WindowDocument>(options.collection ?? RATE_LIMITS_COLLECTION), options.now ?? Date.now);
    await store.windows.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
    return store;
  }

  private constructor(
    private readonly windows: Collection<WindowDocument>,
    private readonly now: RateLimitClock,
  ) {}

  async increment(key: string, windowMs: number): Promise<RateLimitCount> {
    const now = this.now();
    const live = { $gt: ['$expiresAt', new Date(now)] };
    const update = [
      {
        $set: {
          count: { $cond: [live, { $add: ['$count', 1] }, 1] },
          expiresAt: { $cond: [live, '$expiresAt', new Date(now + windowMs)] },
        },
      },
    ];
    // Two first hits on a key may both try to insert it: the server retries such an upsert on `_id` itself, and
    // so does this, should a server not.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const window = await this.windows.findOneAndUpdate({ _id: key }, update, { upsert: true, returnDocument: 'after' });
        if (!window) throw new Error(`rate limit: the window of ${key} was not written`);
        return { current: window.count, ttlMs: Math.max(0, window.expiresAt.getTime() - now) };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY) || attempt >= 3) throw error;
      }
    }
  }

  async read(key: string): Promise<RateLimitCount> {
    const now = this.now();
    const window = await this.windows.findOne({ _id: key });
    return window && window.expiresAt.getTime() > now ? { current: window.count, ttlMs: window.expiresAt.getTime() - now } : { current: 0, ttlMs: 0 };
  }

  /** The connection belongs to whoever opened it (it is shared with the read store). */
  async close(): Promise<void> {}
}
