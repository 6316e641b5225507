import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '@recup/shared-events';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHandler,
} from './port';

interface PendingAppend {
  streamName: string;
  events: readonly EventToAppend[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface EventRow {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const SUBSCRIPTION_BATCH = 500;
/** Another process may append to the same file; a subscription looks for its events this often. */
const CROSS_PROCESS_POLL_MS = 500;

/**
 * The embedded event store: one SQLite file in WAL mode. The global position is the row id; a unique
 * (stream, revision) index turns a concurrent append into a constraint error, which is the optimistic
 * concurrency check across processes. Appends commit with synchronous=FULL: money is at stake.
 */
export class EmbeddedSqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private readonly statements;
  private closed = false;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly appendGroup: Database.Transaction<(group: PendingAppend[], recordedAt: string, outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }>) => void>;

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position    INTEGER PRIMARY KEY AUTOINCREMENT,
        id          TEXT    NOT NULL UNIQUE,
        stream      TEXT    NOT NULL,
        revision    INTEGER NOT NULL,
        type        TEXT    NOT NULL,
        data        TEXT    NOT NULL,
        metadata    TEXT    NOT NULL,
        recorded_at TEXT    NOT NULL,
        UNIQUE (stream, revision)
      );
    `);
    this.statements = {
      lastRevision: this.db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream = ?',
      ),
      insert: this.db.prepare(
        `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
         VALUES (@id, @stream, @revision, @type, @data, @metadata, @recordedAt)`,
      ),
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
    const appendOne = this.db.transaction((append: PendingAppend, recordedAt: string) => this.appendOne(append, recordedAt));
    this.appendGroup = this.db.transaction((group: PendingAppend[], recordedAt: string, outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }>) => {
      for (const append of group) {
        try {
          outcomes.push({ ok: true, result: appendOne(append, recordedAt) });
        } catch (error) {
          outcomes.push({ ok: false, error: this.appendError(append, error) });
        }
      }
    });
  }

  /**
   * Appends commit in groups: every append asked for while the event loop is busy waits for the next turn,
   * then they all commit in one transaction (one fsync for all of them: the disk's fsync rate, not the number
   * of appends, is what bounds this store). Each append is still checked against its own expected revision
   * in a savepoint of its own, so one that fails leaves the others of its group untouched; each resolves only
   * once the group is durably committed.
   */
  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    try {
      this.assertOpen();
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamName, events, expected: options.expectedRevision ?? 'any', resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.flushScheduled = false;
    const group = this.pending;
    this.pending = [];
    if (group.length === 0) return;
    if (this.closed) {
      for (const append of group) append.reject(new Error('The event store is closed'));
      return;
    }
    const recordedAt = new Date().toISOString();
    const outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> = [];
    try {
      this.appendGroup.immediate(group, recordedAt, outcomes);
    } catch (error) {
      // The commit itself failed: nothing of the group was written.
      for (const append of group) append.reject(error);
      return;
    }
    group.forEach((append, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok)) this.notify();
  }

  /** One append, in the group's transaction (a savepoint: it rolls back alone when it throws). */
  private appendOne(append: PendingAppend, recordedAt: string): AppendResult {
    const current = this.statements.lastRevision.get(append.streamName)?.revision ?? null;
    checkExpected(append.streamName, append.expected, current);
    let revision = current ?? -1;
    let position = 0;
    for (const event of append.events) {
      revision += 1;
      const info = this.statements.insert.run({
        id: event.id ?? randomUUID(),
        stream: append.streamName,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        recordedAt,
      });
      position = Number(info.lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const rows = this.statements.readStream.all(streamName, options.fromRevision ?? 0, options.maxCount ?? -1);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.statements.readAll.all(options.after ?? 0, options.maxCount ?? -1).map(toRecorded);
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.statements.head.get()?.position ?? 0;
  }

  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    let after = options.after ?? 0;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.listeners.add(onAppend);

    const sleep = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, CROSS_PROCESS_POLL_MS);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    const loop = async () => {
      let caughtUpReported = false;
      while (!stopped) {
        const batch = this.closed ? [] : this.statements.readAll.all(after, SUBSCRIPTION_BATCH);
        if (batch.length === 0) {
          if (!caughtUpReported) {
            handler.onCaughtUp?.(after);
            caughtUpReported = true;
          }
          await sleep();
          continue;
        }
        caughtUpReported = false;
        for (const row of batch) {
          if (stopped) return;
          await handler.onEvent(toRecorded(row));
          after = row.position;
        }
      }
    };
    const running = loop().catch((error: unknown) => {
      stopped = true;
      handler.onError?.(error);
    });

    return {
      close: async () => {
        stopped = true;
        this.listeners.delete(onAppend);
        wake?.();
        await running;
      },
    };
  }

  /** A unique violation is another process's append to this stream between our read and our insert. */
  private appendError(append: PendingAppend, error: unknown): unknown {
    if (!isUniqueViolation(error)) return error;
    const actual = this.statements.lastRevision.get(append.streamName)?.revision ?? null;
    return new WrongExpectedRevisionError(append.streamName, append.expected, actual ?? 'no_stream');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already asked for are committed first.
    this.flush();
    this.closed = true;
    for (const listener of this.listeners) listener();
    this.listeners.clear();
    this.db.close();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private assertOpen() {
    if (this.closed) throw new Error('The event store is closed');
  }
}

function checkExpected(streamName: string, expected: ExpectedRevision, current: number | null) {
  const actual = current ?? 'no_stream';
  if (expected === 'any') return;
  if (expected === 'no_stream' ? current !== null : expected === 'stream_exists' ? current === null : current !== expected) {
    throw new WrongExpectedRevisionError(streamName, expected, actual);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    recordedAt: row.recorded_at,
  };
}
