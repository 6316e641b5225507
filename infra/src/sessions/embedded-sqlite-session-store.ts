import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SessionData, SessionStore } from './port';

const DEFAULT_TTL_MS = 30 * 60 * 1000;

/** The embedded session store: a SQLite table on disk, expired rows swept every few minutes. */
export class EmbeddedSqliteSessionStore implements SessionStore {
  private readonly db: Database.Database;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  private readonly idleMs: number;

  /** A session lives `idleMs` past its last use: each request saves it again (rolling), which pushes that back. */
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
    this.sweeper = setInterval(() => this.sweep(), 5 * 60 * 1000);
    this.sweeper.unref();
  }

  get(sessionId: string, callback: (error: Error | null, session?: SessionData | null) => void): void {
    try {
      const row = this.db.prepare<[string], { data: string; expires_at: number }>('SELECT data, expires_at FROM sessions WHERE id = ?').get(sessionId);
      if (!row || row.expires_at <= this.now()) return callback(null, null);
      callback(null, JSON.parse(row.data) as SessionData);
    } catch (error) {
      callback(error as Error);
    }
  }

  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void {
    try {
      const expires = this.now() + this.idleMs;
      this.db
        .prepare('INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at')
        .run(sessionId, JSON.stringify(session), expires);
      callback(null);
    } catch (error) {
      callback(error as Error);
    }
  }

  destroy(sessionId: string, callback: (error?: Error | null) => void): void {
    try {
      this.db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
      callback(null);
    } catch (error) {
      callback(error as Error);
    }
  }

  sweep() {
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(this.now());
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.db.open) this.db.close();
  }
}
