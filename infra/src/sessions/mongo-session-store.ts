import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { SessionData, SessionStore } from './port';

const DEFAULT_IDLE_MS = 30 * 60 * 1000;
const SESSIONS_COLLECTION = 'sessions';
const DUPLICATE_KEY = 11000;

interface SessionDocument {
  _id: string;
  /** The session as JSON, exactly as the embedded store keeps it (dates come back as strings). */
  data: string;
  expiresAt: Date;
  /** Who is signed in: the index that ends all of a user's sessions at once. */
  userId?: string | null;
  /** Ended: kept (without its data) until its idle limit has passed, so that a late save changes nothing. */
  ended?: boolean;
}

interface MongoSessionStoreOptions {
  now?: () => number;
  /** A session lives this long past its last save (each request saves it again: rolling). */
  idleMs?: number;
  collection?: string;
}

/**
 * The production session store: one document per session in MongoDB. A TTL index on `expiresAt` has the
 * server delete expired sessions (its monitor runs about once a minute), and a read checks the expiry
 * itself on the injected clock, so a session is never used past its limit in between. An index on
 * `userId` finds every session of a user.
 */
export class MongoSessionStore implements SessionStore {
  /** Opens the store on a database and declares its indexes. */
  static async open(db: Db, options: MongoSessionStoreOptions = {}): Promise<MongoSessionStore> {
    const store = new MongoSessionStore(db.collection<SessionDocument>(options.collection ?? SESSIONS_COLLECTION), options);
    await store.sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
    await store.sessions.createIndex({ userId: 1 }, { name: 'userId' });
    return store;
  }

  private readonly now: () => number;
  private readonly idleMs: number;

  private constructor(
    private readonly sessions: Collection<SessionDocument>,
    options: MongoSessionStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  }

  get(sessionId: string, callback: (error: Error | null, session?: SessionData | null) => void): void {
    this.sessions.findOne({ _id: sessionId }).then(
      (doc) => callback(null, doc && !doc.ended && doc.expiresAt.getTime() > this.now() ? (JSON.parse(doc.data) as SessionData) : null),
      (error: Error) => callback(error),
    );
  }

  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void {
    const update = { $set: { data: JSON.stringify(session), expiresAt: new Date(this.now() + this.idleMs), userId: session.userId ?? null } };
    // An ended session does not match the filter; the upsert then collides with it on _id, and nothing changes.
    this.sessions.updateOne({ _id: sessionId, ended: { $ne: true } }, update, { upsert: true }).then(
      () => callback(null),
      (error: Error) => callback(error instanceof MongoServerError && error.code === DUPLICATE_KEY ? null : error),
    );
  }

  destroy(sessionId: string, callback: (error?: Error | null) => void): void {
    this.sessions.updateOne({ _id: sessionId }, { $set: this.ending() }, { upsert: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  async endUserSessions(userId: string, options: { except?: string } = {}): Promise<number> {
    const live = { userId, ended: { $ne: true }, expiresAt: { $gt: new Date(this.now()) } };
    const filter = options.except === undefined ? live : { ...live, _id: { $ne: options.except } };
    const result = await this.sessions.updateMany(filter, { $set: this.ending() });
    return result.modifiedCount;
  }

  private ending() {
    return { data: '{}', ended: true, expiresAt: new Date(this.now() + this.idleMs) };
  }

  /** The connection belongs to whoever opened it (it is shared with the read store). */
  async close(): Promise<void> {}
}
