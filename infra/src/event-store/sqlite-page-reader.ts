import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '@recup/shared-events';

/** The log's events after a position, in order, at most so many: how the store reads them (its reading thread: READ_ALL_AS_JSON_SQL). */
export const READ_ALL_SQL = 'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?';

/**
 * The same events, each as the JSON text of an array (position, id, stream, revision, type, data, metadata, recorded
 * at), written by SQLite itself: data and metadata are stored as JSON already and go in as they are. The reading thread
 * then only joins the texts; building them in JavaScript from row objects took it twice as long (320 ms against 150 ms
 * for 100,000 events), longer than the rebuild it reads for takes to fold them.
 */
const READ_ALL_AS_JSON_SQL = `SELECT position, '[' || position || ',' || json_quote(id) || ',' || json_quote(stream) || ',' || revision || ',' || json_quote(type) || ',' || data || ',' || metadata || ',' || json_quote(recorded_at) || ']' FROM events WHERE position > ? ORDER BY position LIMIT ?`;

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
 * texts, the JSON of its rows as arrays (READ_ALL_AS_JSON_SQL): texts cost little to pass between threads, where
 * objects would be copied one by one, and the caller parses each in one go, as `readAll` parses each event's.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
let read;
let after;
let done = false;
try {
  db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  read = db.prepare(workerData.sql).raw();
  parentPort.postMessage({ ready: true });
} catch (error) {
  done = true;
  parentPort.postMessage({ failed: String((error && error.message) || error) });
}
parentPort.on('message', (message) => {
  try {
    if (message.after !== undefined) after = message.after;
    for (let i = 0; i < message.pages && !done; i += 1) {
      const rows = read.all(after, workerData.pageSize);
      if (rows.length === 0) {
        done = true;
        parentPort.postMessage({ done: true });
        return;
      }
      after = rows[rows.length - 1][0];
      const texts = [];
      let chunk = [];
      let length = 0;
      for (const row of rows) {
        const text = row[1];
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

type WireEvent = [position: number, id: string, stream: string, revision: number, type: string, data: unknown, metadata: RecordedEvent['metadata'], recordedAt: string];
type ReaderMessage = { texts: string[] } | { done: true } | { failed: string };

/**
 * The log of the file `filename` after `after`, page by page, read on a thread of its own a few pages ahead of the
 * caller: while the caller works on a page (a rebuild folds it), the next ones are read. It stops at the first read
 * that finds nothing; leaving the loop stops the thread.
 *
 * A thread takes tens of milliseconds to start (its own V8, the driver, the file opened): meanwhile the first pages are
 * read here with `readHere`, when given, and the thread takes over from where they stopped once it is ready.
 */
export async function* readPagesAhead(
  filename: string,
  options: { after: number; pageSize: number; readHere?: (after: number, maxCount: number) => Promise<RecordedEvent[]> },
): AsyncGenerator<RecordedEvent[]> {
  const worker = new Worker(READER_SOURCE, {
    eval: true,
    workerData: { filename, pageSize: options.pageSize, chunkLength: CHUNK_LENGTH, sql: READ_ALL_AS_JSON_SQL, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  const arrived: ReaderMessage[] = [];
  let ready = false;
  let wake: (() => void) | null = null;
  const receive = (message: ReaderMessage | { ready: true }) => {
    if ('ready' in message) ready = true;
    else arrived.push(message);
    wake?.();
  };
  worker.on('message', receive);
  worker.on('error', (error) => receive({ failed: error.message }));
  worker.on('exit', (code) => receive({ failed: `the log's reading thread stopped (exit code ${code})` }));
  let after = options.after;
  try {
    if (options.readHere) {
      while (!ready && arrived.length === 0) {
        const page = await options.readHere(after, options.pageSize);
        if (page.length === 0) return;
        after = page.at(-1)!.position;
        yield page;
        // The thread says it is ready in a message, which only a turn of the event loop lets in.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    worker.postMessage({ after, pages: PAGES_AHEAD });
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
