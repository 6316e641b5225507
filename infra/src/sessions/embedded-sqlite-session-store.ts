import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { RecentMap } from '../cache/recent-map';
import type { SessionData, SessionStore } from './port';

const DEFAULT_TTL_MS = 30 * 60 * 1000;
/**
 * How long a session's roll (its idle limit pushed back by a request) may go unwritten while nothing else in it
 * changed: a signed-in learner's every request saved it again, a fifth of a booking command's writes. The idle limit
 * on file is then up to this much early: a session may end up to a minute before 30 idle minutes, never after.
 */
const ROLL_WRITE_MS = 60_000;
/** Sessions whose last write is remembered (to skip the next rolls); one forgotten is written at its next request. */
const WRITES_REMEMBERED = 20_000;

/**
 * The embedded session store: a SQLite table on disk, indexed by user, expired rows swept every few minutes.
 * An ended session keeps its row (without its data, `ended = 1`) until its idle limit has passed, so that a
 * late save of it changes nothing.
 */
export class EmbeddedSqliteSessionStore implements SessionStore {
  private readonly db: Database.Database;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  private readonly idleMs: number;
  /** Each session's content (without its cookie) and time as last written. */
  private readonly written = new RecentMap<string, { content: string; at: number }>(WRITES_REMEMBERED);
  /** Prepared once: every request reads its session and saves it again (rolling). */
  private readonly statements;

  /** A session lives `idleMs` past its last use: each request saves it again (rolling), which pushes that back (written at most once a minute when that is all that changed). */
  constructor(filename: string, options: { now?: () => number; idleMs?: number } = {}) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? DEFAULT_TTL_MS;
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    // Every request rolls its session (one write each): with NORMAL, WAL commits wait for no fsync. A power cut
    // may forget the last few rolls, never corrupt the file; the event log keeps synchronous=FULL.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL)');
    // Files written before the index existed gain its columns.
    const columns = new Set(this.db.prepare<[], { name: string }>('PRAGMA table_info(sessions)').all().map((column) => column.name));
    if (!columns.has('user_id')) this.db.exec('ALTER TABLE sessions ADD COLUMN user_id TEXT');
    if (!columns.has('ended')) this.db.exec('ALTER TABLE sessions ADD COLUMN ended INTEGER NOT NULL DEFAULT 0');
    this.db.exec('CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id) WHERE ended = 0');
    this.statements = {
      get: this.db.prepare<[string], { data: string; expires_at: number; ended: number }>('SELECT data, expires_at, ended FROM sessions WHERE id = ?'),
      set: this.db.prepare<[string, string, number, string | null]>(`INSERT INTO sessions (id, data, expires_at, user_id) VALUES (?, ?, ?, ?)
          ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id WHERE ended = 0`),
      destroy: this.db.prepare<[string, number]>(`INSERT INTO sessions (id, data, expires_at, ended) VALUES (?, '{}', ?, 1)
          ON CONFLICT(id) DO UPDATE SET data = '{}', expires_at = excluded.expires_at, ended = 1`),
    };
    this.sweeper = setInterval(() => this.sweep(), 5 * 60 * 1000);
    this.sweeper.unref();
  }

  get(sessionId: string, callback: (error: Error | null, session?: SessionData | null) => void): void {
    try {
      const row = this.statements.get.get(sessionId);
      if (!row || row.ended || row.expires_at <= this.now()) return callback(null, null);
      callback(null, JSON.parse(row.data) as SessionData);
    } catch (error) {
      callback(error as Error);
    }
  }

  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void {
    try {
      const now = this.now();
      const withoutCookie: SessionData = { ...session };
      delete withoutCookie.cookie;
      const content = JSON.stringify(withoutCookie);
      const last = this.written.get(sessionId);
      if (last && last.content === content && now - last.at < ROLL_WRITE_MS) return callback(null);
      this.statements.set.run(sessionId, JSON.stringify(session), now + this.idleMs, session.userId ?? null);
      this.written.set(sessionId, { content, at: now });
      callback(null);
    } catch (error) {
      callback(error as Error);
    }
  }

  destroy(sessionId: string, callback: (error?: Error | null) => void): void {
    try {
      this.written.delete(sessionId);
      this.statements.destroy.run(sessionId, this.now() + this.idleMs);
      callback(null);
    } catch (error) {
      callback(error as Error);
    }
  }

  async endUserSessions(userId: string, options: { except?: string } = {}): Promise<number> {
    const now = this.now();
    const result = this.db
      .prepare("UPDATE sessions SET data = '{}', ended = 1, expires_at = ? WHERE user_id = ? AND ended = 0 AND expires_at > ? AND id IS NOT ?")
      .run(now + this.idleMs, userId, now, options.except ?? null);
    return result.changes;
  }

  sweep() {
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(this.now());
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.db.open) this.db.close();
  }
}
