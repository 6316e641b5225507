import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '@recup/shared-events';

/** The log's events after a position, in order, at most so many: how the store and its reading thread read it. */
export const READ_ALL_SQL = 'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?';

/** Pages the reading thread keeps ready ahead of the one being worked on. */
const PAGES_AHEAD = 4;

/**
 * The longest text a page travels in. V8 keeps a string longer than about 128 KiB apart, in its large-object space,
 * freed only by a full collection: pages sent whole (600 KiB each, 100,000 events) stayed resident after a rebuild,
 * 50 MB of them. Texts under it are young and die young.
 */
const CHUNK_LENGTH = 60_000;

/**
 * The reading thread: its own read-only connection to the file, one page per page asked for. A page travels as a few
 * texts, the JSON of its rows as arrays, with each event's data and metadata put in as they are stored (JSON already):
 * texts cost little to pass between threads, where objects would be copied one by one, and the caller parses each
 * in one go, as `readAll` parses each event's.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
let read;
let after = workerData.after;
let done = false;
parentPort.on('message', ({ pages }) => {
  try {
    if (!db) {
      db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      read = db.prepare(workerData.sql);
    }
    for (let i = 0; i < pages && !done; i += 1) {
      const rows = read.all(after, workerData.pageSize);
      if (rows.length === 0) {
        done = true;
        parentPort.postMessage({ done: true });
        return;
      }
      after = rows[rows.length - 1].position;
      const texts = [];
      let chunk = [];
      let length = 0;
      for (const r of rows) {
        const text = '[' + r.position + ',' + JSON.stringify(r.id) + ',' + JSON.stringify(r.stream) + ',' + r.revision + ',' + JSON.stringify(r.type) + ',' + r.data + ',' + r.metadata + ',' + JSON.stringify(r.recorded_at) + ']';
        if (length + text.length > workerData.chunkLength && chunk.length > 0) {
          texts.push('[' + chunk.join(',') + ']');
          chunk = [];
          length = 0;
        }
        chunk.push(text);
        length += text.length + 1;
      }
      texts.push('[' + chunk.join(',') + ']');
      parentPort.postMessage({ texts });
    }
  } catch (error) {
    done = true;
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
});
`;

type ReaderMessage = { texts: string[] } | { done: true } | { failed: string };
type WireEvent = [position: number, id: string, stream: string, revision: number, type: string, data: unknown, metadata: RecordedEvent['metadata'], recordedAt: string];

/**
 * The log of the file `filename` after `after`, page by page, read on a thread of its own a few pages ahead of the
 * caller: while the caller works on a page (a rebuild folds it), the next ones are read. It stops at the first read
 * that finds nothing; leaving the loop stops the thread.
 */
export async function* readPagesAhead(filename: string, options: { after: number; pageSize: number }): AsyncGenerator<RecordedEvent[]> {
  const worker = new Worker(READER_SOURCE, {
    eval: true,
    workerData: { filename, after: options.after, pageSize: options.pageSize, chunkLength: CHUNK_LENGTH, sql: READ_ALL_SQL, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  const arrived: ReaderMessage[] = [];
  let wake: (() => void) | null = null;
  const receive = (message: ReaderMessage) => {
    arrived.push(message);
    wake?.();
  };
  worker.on('message', receive);
  worker.on('error', (error) => receive({ failed: error.message }));
  worker.on('exit', (code) => receive({ failed: `the log's reading thread stopped (exit code ${code})` }));
  try {
    worker.postMessage({ pages: PAGES_AHEAD });
    for (;;) {
      while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const message = arrived.shift()!;
      if ('done' in message) return;
      if ('failed' in message) throw new Error(`Reading the log failed: ${message.failed}`);
      worker.postMessage({ pages: 1 });
      const page: RecordedEvent[] = [];
      for (const text of message.texts) {
        for (const [position, id, streamName, revision, type, data, metadata, recordedAt] of JSON.parse(text) as WireEvent[]) {
          page.push({ id, streamName, revision, position, type, data, metadata, recordedAt });
        }
      }
      yield page;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
