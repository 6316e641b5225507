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
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const recordedAt = new Date().toISOString();
    const append = this.db.transaction((): AppendResult => {
      const current = this.statements.lastRevision.get(streamName)?.revision ?? null;
      checkExpected(streamName, expected, current);
      let revision = current ?? -1;
      let position = 0;
      for (const event of events) {
        revision += 1;
        const info = this.statements.insert.run({
          id: event.id ?? randomUUID(),
          stream: streamName,
          revision,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
          recordedAt,
        });
        position = Number(info.lastInsertRowid);
      }
      return { nextExpectedRevision: revision, position };
    });
    let result: AppendResult;
    try {
      result = append.immediate();
    } catch (error) {
      if (isUniqueViolation(error)) {
        // Another process appended to this stream between our read and our insert.
        const actual = this.statements.lastRevision.get(streamName)?.revision ?? null;
        throw new WrongExpectedRevisionError(streamName, expected, actual ?? 'no_stream');
      }
      throw error;
    }
    this.notify();
    return result;
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

  async close(): Promise<void> {
    if (this.closed) return;
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
