import type { Collection, Db } from 'mongodb';
import type { SessionData, SessionStore } from './port';

const DEFAULT_IDLE_MS = 30 * 60 * 1000;
export const SESSIONS_COLLECTION = 'sessions';

interface SessionDocument {
  _id: string;
  /** The session as JSON, exactly as the embedded store keeps it (dates come back as strings). */
  data: string;
  expiresAt: Date;
}

export interface MongoSessionStoreOptions {
  now?: () => number;
  /** A session lives this long past its last save (each request saves it again: rolling). */
  idleMs?: number;
  collection?: string;
}

/**
 * The production session store: one document per session in MongoDB. A TTL index on `expiresAt` has the
 * server delete expired sessions (its monitor runs about once a minute), and a read checks the expiry
 * itself on the injected clock, so a session is never used past its limit in between.
 */
export class MongoSessionStore implements SessionStore {
  /** Opens the store on a database and declares its TTL index. */
  static async open(db: Db, options: MongoSessionStoreOptions = {}): Promise<MongoSessionStore> {
    const store = new MongoSessionStore(db.collection<SessionDocument>(options.collection ?? SESSIONS_COLLECTION), options);
    await store.sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
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
      (doc) => callback(null, doc && doc.expiresAt.getTime() > this.now() ? (JSON.parse(doc.data) as SessionData) : null),
      (error: Error) => callback(error),
    );
  }

  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void {
    const update = { $set: { data: JSON.stringify(session), expiresAt: new Date(this.now() + this.idleMs) } };
    this.sessions.updateOne({ _id: sessionId }, update, { upsert: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  destroy(sessionId: string, callback: (error?: Error | null) => void): void {
    this.sessions.deleteOne({ _id: sessionId }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  /** The connection belongs to whoever opened it (it is shared with the read store). */
  async close(): Promise<void> {}
}
