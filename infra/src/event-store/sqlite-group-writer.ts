import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** One append as the writer gets it: its events already serialised (ids given, data and metadata as JSON). */
export interface WireAppend {
  stream: string;
  expected: 'any' | 'no_stream' | 'stream_exists' | number;
  events: Array<{ id: string; type: string; data: string; metadata: string }>;
}

type WireOutcome =
  | { ok: true; nextExpectedRevision: number; position: number }
  /** The stream was not at the expected revision (or another process appended to it first: a unique violation). */
  | { ok: false; wrongRevision: true; actual: number | null }
  | { ok: false; wrongRevision: false; message: string; code: string | null };

/**
 * What one group commit did: each append's outcome, and the log's head position just before the group (read under
 * the write lock) and after it. `before` tells the reader whether anyone else (another process) appended since the
 * last group: it is then not this group's own previous `after`.
 */
export interface GroupCommitted {
  before: number;
  after: number;
  outcomes: WireOutcome[];
}

/**
 * The group commit, as a function of an open database only. It runs in the writer thread, where it is sent as its
 * source text (`toString()`): it must refer to nothing outside itself (no import, no helper, no closure).
 */
function groupCommitter(db: Database.Database): (appends: WireAppend[], recordedAt: string) => GroupCommitted {
  const lastRevision = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?');
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const head = db.prepare('SELECT MAX(position) AS position FROM events');
  const current = (stream: string): number | null => (lastRevision.get(stream) as { revision: number | null } | undefined)?.revision ?? null;
  // Each append in a savepoint of its own: one that fails rolls back alone, the others of the group stay.
  const appendOne = db.transaction((append: WireAppend, recordedAt: string): WireOutcome => {
    const revisionNow = current(append.stream);
    const expected = append.expected;
    if (expected !== 'any' && (expected === 'no_stream' ? revisionNow !== null : expected === 'stream_exists' ? revisionNow === null : revisionNow !== expected)) {
      return { ok: false, wrongRevision: true, actual: revisionNow };
    }
    let revision = revisionNow ?? -1;
    let position = 0;
    for (const event of append.events) {
      revision += 1;
      position = Number(insert.run(event.id, append.stream, revision, event.type, event.data, event.metadata, recordedAt).lastInsertRowid);
    }
    return { ok: true, nextExpectedRevision: revision, position };
  });
  const group = db.transaction((appends: WireAppend[], recordedAt: string): GroupCommitted => {
    const before = (head.get() as { position: number | null }).position ?? 0;
    const outcomes = appends.map((append): WireOutcome => {
      try {
        return appendOne(append, recordedAt);
      } catch (error) {
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
        // A unique violation is another process's append to this stream between its check and our insert.
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return { ok: false, wrongRevision: true, actual: current(append.stream) };
        return { ok: false, wrongRevision: false, message: error instanceof Error ? error.message : String(error), code };
      }
    });
    return { before, after: (head.get() as { position: number | null }).position ?? 0, outcomes };
  });
  return (appends, recordedAt) => group.immediate(appends, recordedAt);
}

/** Where groups are committed: this thread (an in-memory database) or a thread of their own (a file). */
export interface GroupWriter {
  commit(appends: WireAppend[], recordedAt: string): Promise<GroupCommitted>;
  close(): Promise<void>;
}

/** In this thread: the commit blocks the event loop for its fsync. Only for ':memory:', which no other thread can open. */
export function inThreadWriter(db: Database.Database): GroupWriter {
  const commit = groupCommitter(db);
  return {
    commit: async (appends, recordedAt) => commit(appends, recordedAt),
    close: async () => {},
  };
}

const WORKER_SOURCE = (committer: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const commit = (${committer})(db);
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.postMessage({ closed: true });
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, committed: commit(message.appends, message.recordedAt) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, failed: { message: String((error && error.message) || error), code: (error && error.code) || null } });
  }
});
`;

type WorkerReply =
  | { id: number; committed: GroupCommitted }
  | { id: number; failed: { message: string; code: string | null } }
  | { closed: true };

/**
 * In a thread of its own, on its own connection to the file: the commit's fsync (synchronous=FULL) no longer stops
 * the event loop that answers requests. The writer answers once the group is durably committed; reads stay on the
 * caller's connection (WAL: they see every commit once it is made).
 */
export function workerWriter(filename: string): GroupWriter {
  const worker = new Worker(WORKER_SOURCE(groupCommitter.toString()), {
    eval: true,
    workerData: { filename, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // Idle, the writer does not keep the process alive; a group in flight does.
  worker.unref();
  const waiting = new Map<number, { resolve: (committed: GroupCommitted) => void; reject: (error: unknown) => void }>();
  let nextId = 1;
  let closed: (() => void) | null = null;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: WorkerReply) => {
    if ('closed' in reply) return closed?.();
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (!pending) return;
    if ('committed' in reply) pending.resolve(reply.committed);
    else pending.reject(Object.assign(new Error(reply.failed.message), reply.failed.code ? { code: reply.failed.code } : {}));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => {
    failAll(new Error(`The event store's writer stopped (exit code ${code})`));
    closed?.();
  });
  return {
    commit(appends, recordedAt) {
      if (failure) return Promise.reject(failure);
      return new Promise<GroupCommitted>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, appends, recordedAt });
      });
    },
    close() {
      if (failure) return Promise.resolve();
      return new Promise<void>((resolve) => {
        closed = () => {
          closed = null;
          void worker.terminate().then(() => resolve());
        };
        worker.ref();
        worker.postMessage({ close: true });
      });
    },
  };
}
