import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { assertDutyField, type ParkedEvent, type ProcessorStore, type StoredDuty } from './port';

type DutyRow = { reactor: string; key: string; due_at: number; data: string };
/** A duty write not yet in the file: the last one asked for each duty. */
type PendingWrite =
  | { kind: 'put'; reactor: string; key: string; row: DutyRow }
  | { kind: 'reschedule'; reactor: string; key: string; dueAt: number }
  | { kind: 'remove'; reactor: string; key: string };
type ParkedRow = { id: string; reactor: string; position: number; event: string; error: string; attempts: number; parked_at: string; retry_requested_at: string | null };

const duty = (row: DutyRow): StoredDuty => ({ reactor: row.reactor, key: row.key, dueAt: row.due_at, data: JSON.parse(row.data) as Record<string, unknown> });
const parked = (row: ParkedRow): ParkedEvent => ({
  id: row.id, reactor: row.reactor, position: row.position, event: JSON.parse(row.event) as ParkedEvent['event'], error: row.error, attempts: row.attempts,
  parkedAt: row.parked_at, retryRequestedAt: row.retry_requested_at,
});

/**
 * The embedded processor store: three tables in an SQLite file beside the event log's (`processors.sqlite` in the
 * data directory), and a rebuild of the read models never touches them. A file of its own, not the log's: the log's
 * appends commit in a thread of their own, and two writers on one file would make this thread wait for the other's
 * fsync (or fail at once, SQLITE_BUSY, on a snapshot the other made stale). It belongs to one log (`logId`, the log's
 * identity): opened beside another log (the log file deleted and started anew), it forgets every checkpoint, duty and
 * parked event, which would otherwise point past the new log's events.
 * synchronous=NORMAL, where the log has FULL: in WAL mode a killed process loses nothing that was committed; a power
 * cut may lose the last commits, always a suffix in order (a duty is written before the checkpoint that covers its
 * event), so the reactors handle those few events again, which they do idempotently. FULL here would cost an fsync
 * per write.
 * Duty writes are kept in memory until the next checkpoint of any processor, and written with it in one transaction
 * (or before the due duties are read, or counted): a reactor's checkpoint never gets to the file without the duties of the
 * events before it, so a crash loses only duties of events after the last checkpoint, which the reactor handles again
 * on restart and writes again. One transaction for the writes of many events, rather than one per write, and a duty
 * put and removed in between (a hold confirmed within the same few events) never reaches the file: the duty writes of
 * every booking were a sixth of the command thread's time. Due duties are read by an index on (reactor, due time);
 * duties by a field of their data from the file with the writes not yet in it laid over.
 */
export class EmbeddedSqliteProcessorStore implements ProcessorStore {
  private readonly db: Database.Database;
  private readonly statements;
  /** The writes not yet in the file, by processor, then by duty key. */
  private readonly pending = new Map<string, Map<string, PendingWrite>>();
  private readonly writePending: () => void;

  constructor(filename: string, options: { logId?: string } = {}) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS processor_log (id TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS processor_checkpoints (processor TEXT PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS processor_duties (
        reactor TEXT NOT NULL, key TEXT NOT NULL, due_at INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (reactor, key)
      );
      CREATE INDEX IF NOT EXISTS processor_duties_due ON processor_duties (reactor, due_at);
      CREATE TABLE IF NOT EXISTS processor_parked_events (
        id TEXT PRIMARY KEY, reactor TEXT NOT NULL, position INTEGER NOT NULL, event TEXT NOT NULL, error TEXT NOT NULL,
        attempts INTEGER NOT NULL, parked_at TEXT NOT NULL, retry_requested_at TEXT
      );
    `);
    this.statements = {
      checkpoint: this.db.prepare<[string], { position: number }>('SELECT position FROM processor_checkpoints WHERE processor = ?'),
      saveCheckpoint: this.db.prepare('INSERT INTO processor_checkpoints (processor, position) VALUES (?, ?) ON CONFLICT (processor) DO UPDATE SET position = excluded.position'),
      putDuty: this.db.prepare('INSERT INTO processor_duties (reactor, key, due_at, data) VALUES (?, ?, ?, ?) ON CONFLICT (reactor, key) DO UPDATE SET due_at = excluded.due_at, data = excluded.data'),
      duty: this.db.prepare<[string, string], DutyRow>('SELECT * FROM processor_duties WHERE reactor = ? AND key = ?'),
      reschedule: this.db.prepare('UPDATE processor_duties SET due_at = ? WHERE reactor = ? AND key = ?'),
      removeDuty: this.db.prepare('DELETE FROM processor_duties WHERE reactor = ? AND key = ?'),
      due: this.db.prepare<[string, number, number], DutyRow>('SELECT * FROM processor_duties WHERE reactor = ? AND due_at <= ? ORDER BY due_at, key LIMIT ?'),
      where: this.db.prepare<[string, string, string], DutyRow>("SELECT * FROM processor_duties WHERE reactor = ? AND json_extract(data, ?) = ? ORDER BY due_at, key"),
      countDuties: this.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM processor_duties WHERE reactor = ?'),
      park: this.db.prepare(`INSERT INTO processor_parked_events (id, reactor, position, event, error, attempts, parked_at, retry_requested_at)
        VALUES (@id, @reactor, @position, @event, @error, @attempts, @parkedAt, @retryRequestedAt)
        ON CONFLICT (id) DO UPDATE SET position = excluded.position, event = excluded.event, error = excluded.error, attempts = excluded.attempts,
          parked_at = excluded.parked_at, retry_requested_at = excluded.retry_requested_at`),
      parkedEvents: this.db.prepare<[], ParkedRow>('SELECT * FROM processor_parked_events ORDER BY position, reactor'),
      parkedEvent: this.db.prepare<[string], ParkedRow>('SELECT * FROM processor_parked_events WHERE id = ?'),
      requestRetry: this.db.prepare('UPDATE processor_parked_events SET retry_requested_at = ? WHERE id = ?'),
      unpark: this.db.prepare('DELETE FROM processor_parked_events WHERE id = ?'),
      countParked: this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM processor_parked_events'),
    };
    const write = this.db.transaction((writes: PendingWrite[]) => {
      for (const w of writes) {
        if (w.kind === 'put') this.statements.putDuty.run(w.row.reactor, w.row.key, w.row.due_at, w.row.data);
        else if (w.kind === 'reschedule') this.statements.reschedule.run(w.dueAt, w.reactor, w.key);
        else this.statements.removeDuty.run(w.reactor, w.key);
      }
    });
    this.writePending = () => {
      if (this.pending.size === 0) return;
      const writes = [...this.pending.values()].flatMap((byKey) => [...byKey.values()]);
      this.pending.clear();
      write(writes);
    };
    if (options.logId) this.belongTo(options.logId);
  }

  private pendingOf(reactor: string) {
    let byKey = this.pending.get(reactor);
    if (!byKey) this.pending.set(reactor, (byKey = new Map()));
    return byKey;
  }

  /** Checkpoints, duties and parked events of another log (or of none recorded) are forgotten. */
  private belongTo(logId: string) {
    this.db.transaction(() => {
      const stored = this.db.prepare<[], { id: string }>('SELECT id FROM processor_log').get()?.id;
      if (stored === logId) return;
      if (stored !== undefined) this.db.exec('DELETE FROM processor_checkpoints; DELETE FROM processor_duties; DELETE FROM processor_parked_events; DELETE FROM processor_log;');
      this.db.prepare('INSERT INTO processor_log (id) VALUES (?)').run(logId);
    }).immediate();
  }

  async checkpoint(processor: string) {
    return this.statements.checkpoint.get(processor)?.position ?? null;
  }

  async saveCheckpoint(processor: string, position: number) {
    await this.saveCheckpoints({ [processor]: position });
  }

  async saveCheckpoints(positions: Readonly<Record<string, number>>) {
    this.db.transaction(() => {
      this.writePending();
      for (const [processor, position] of Object.entries(positions)) this.statements.saveCheckpoint.run(processor, position);
    })();
  }

  async putDuty(d: StoredDuty) {
    const row = { reactor: d.reactor, key: d.key, due_at: d.dueAt, data: JSON.stringify(d.data) };
    this.pendingOf(d.reactor).set(d.key, { kind: 'put', reactor: d.reactor, key: d.key, row });
  }

  async duty(reactor: string, key: string) {
    const w = this.pending.get(reactor)?.get(key);
    if (w?.kind === 'put') return duty(w.row);
    if (w?.kind === 'remove') return null;
    const row = this.statements.duty.get(reactor, key);
    return row ? duty(w ? { ...row, due_at: w.dueAt } : row) : null;
  }

  async rescheduleDuty(reactor: string, key: string, dueAt: number) {
    const byKey = this.pendingOf(reactor);
    const w = byKey.get(key);
    if (w?.kind === 'put') byKey.set(key, { ...w, row: { ...w.row, due_at: dueAt } });
    else if (w?.kind !== 'remove') byKey.set(key, { kind: 'reschedule', reactor, key, dueAt });
  }

  async removeDuty(reactor: string, key: string) {
    this.pendingOf(reactor).set(key, { kind: 'remove', reactor, key });
  }

  async dueDuties(reactor: string, now: number, limit: number) {
    this.writePending();
    return this.statements.due.all(reactor, now, limit).map(duty);
  }

  /** The file's answer with the writes not yet in it laid over (no write just to read: a booking's end asks this). */
  async dutiesWhere(reactor: string, field: string, value: string) {
    assertDutyField(field);
    const found = new Map(this.statements.where.all(reactor, `$.${field}`, value).map((row) => [row.key, row]));
    for (const w of this.pending.get(reactor)?.values() ?? []) {
      if (w.kind === 'remove') found.delete(w.key);
      else if (w.kind === 'reschedule') {
        const row = found.get(w.key);
        if (row) found.set(w.key, { ...row, due_at: w.dueAt });
      } else if ((JSON.parse(w.row.data) as Record<string, unknown>)[field] === value) found.set(w.key, w.row);
      else found.delete(w.key);
    }
    return [...found.values()].sort((a, b) => a.due_at - b.due_at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(duty);
  }

  async countDuties(reactor: string) {
    this.writePending();
    return this.statements.countDuties.get(reactor)?.n ?? 0;
  }

  async park(p: ParkedEvent) {
    this.statements.park.run({ ...p, event: JSON.stringify(p.event) });
  }

  async parkedEvents() {
    return this.statements.parkedEvents.all().map(parked);
  }

  async parkedEvent(id: string) {
    const row = this.statements.parkedEvent.get(id);
    return row ? parked(row) : null;
  }

  async requestRetry(id: string, at: string) {
    return this.statements.requestRetry.run(at, id).changes > 0;
  }

  async unpark(id: string) {
    this.statements.unpark.run(id);
  }

  async countParked() {
    return this.statements.countParked.get()?.n ?? 0;
  }

  async close() {
    if (!this.db.open) return;
    this.writePending();
    this.db.close();
  }
}
