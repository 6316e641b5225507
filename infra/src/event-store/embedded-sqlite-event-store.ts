import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '@recup/shared-events';
import { READ_ALL_SQL, readPagesAhead } from './sqlite-page-reader';
import { inThreadWriter, workerWriter, type GroupCommitted, type GroupWriter, type WireAppend } from './sqlite-group-writer';
import {
  pagesOfReadAll,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPagesOptions,
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

/** The most events a group may hold for the prompt followers to fold them (about 20 ms of the embedded projector). */
const PROMPT_HOLD_MAX_EVENTS = 2000;
/** The longest a group's appends wait for the prompt followers before they are acknowledged anyway, unless said. */
const PROMPT_WAIT_MAX_MS = 250;

/**
 * A subscription opened `prompt` (`SubscribeOptions.prompt`), as the appends see it: the last event it handled, and
 * the groups of appends whose acknowledgement waits for it to have handled their last event.
 */
interface PromptFollower {
  position: number;
  /** Wakes the subscription: it hears of a group before the other listeners, and is not one of them. */
  wake: () => void;
  /** In commit order, so in position order. */
  held: Array<{ position: number; release: () => void }>;
}
/** Another process may append to the same file; a subscription looks for its events this often. */
const CROSS_PROCESS_POLL_MS = 500;

/** How many streams' last revisions the store remembers (it forgets them all past this, and learns them again). */
const HEADS_KEPT = 100_000;
/**
 * How many of the events this process committed last are kept, as subscribers get them: a subscription that follows
 * the log closely (the projector, the reactors) takes them from here instead of reading each back from the file and
 * parsing it again, once per subscription (under the booking load, a tenth of the command thread).
 */
const RECENT_KEPT = 8192;

/**
 * The embedded event store: one SQLite file in WAL mode. The global position is the row id; a unique
 * (stream, revision) index turns a concurrent append into a constraint error, which is the optimistic
 * concurrency check across processes. Appends commit with synchronous=FULL: money is at stake.
 *
 * Appends commit in groups, in a thread of their own (sqlite-group-writer.ts): every append asked for while a
 * group is being committed waits for the next group, and they all commit in one transaction (one fsync for all of
 * them). Each append is still checked against its own expected revision in a savepoint of its own, so one that
 * fails leaves the others of its group untouched; each resolves only once its group is durably committed. The
 * fsync never stops this thread's event loop.
 *
 * Reads remember each stream's last revision, as of a head position of the log: a read of what follows a stream's
 * last revision (a decider's state kept up to date, which is most reads) answers at once, without a query, as long
 * as nobody appended since (the log's head is still that position: another process's append moves it too).
 *
 * The events this process committed last are kept in memory, parsed once and frozen (every subscription shares
 * them): a subscription takes the events that follow its position from there as long as they are there, one after
 * the other, and reads the file otherwise (it fell behind, or another process appended in between).
 */
export class EmbeddedSqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  /** This log's identity, drawn when its file is created: what is kept beside it (the processor store) belongs to it. */
  readonly logId: string;
  /** What wakes the subscriptions but the prompt ones (each of which is woken as a PromptFollower). */
  private readonly listeners = new Set<() => void>();
  private readonly statements;
  private readonly writer: GroupWriter;
  private closed = false;
  private closing: Promise<void> | null = null;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  private committing = false;
  private drained: Array<() => void> = [];
  /** Each stream's last revision (-1: no such stream), true as of the log's head at `headsAsOf`. */
  private readonly heads = new Map<string, number>();
  private headsAsOf = -1;
  /** The group being committed: its streams, and how many events it may add to the log. */
  private inFlight: { streams: Set<string>; events: number } | null = null;
  /** The log's head as looked at in this turn of the event loop (null: not yet). */
  private headOfTurn: number | null = null;
  /** The last events this process committed, by position, oldest first (RECENT_KEPT at most). */
  private readonly recent = new Map<number, RecordedEvent>();
  /** The position of the newest of them (0: none yet). */
  private recentNewest = 0;
  /** The subscriptions opened `prompt` that are running: this process's appends wait for those that follow closely. */
  private readonly promptFollowers = new Set<PromptFollower>();

  /** Events left to read from which `readAllPages` reads ahead on a thread of its own. */
  private readonly readAheadFrom: number;
  /** The longest a group's appends wait for the prompt followers. */
  private readonly promptWaitMaxMs: number;

  /**
   * `readAheadFrom`: how many events must be left to read for `readAllPages` to read ahead on a thread of its own
   * (10,000 unless said): a thread costs more to start than a short read costs on this one. `promptWaitMaxMs`: the
   * longest an append waits for a prompt subscriber that does not get to it (250 ms unless said).
   */
  constructor(private readonly filename: string, options: { readAheadFrom?: number; promptWaitMaxMs?: number } = {}) {
    this.readAheadFrom = options.readAheadFrom ?? 10_000;
    this.promptWaitMaxMs = options.promptWaitMaxMs ?? PROMPT_WAIT_MAX_MS;
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
      CREATE TABLE IF NOT EXISTS log_identity (id TEXT NOT NULL);
    `);
    this.logId = this.db.transaction(() => {
      const known = this.db.prepare<[], { id: string }>('SELECT id FROM log_identity').get()?.id;
      if (known) return known;
      const id = randomUUID();
      this.db.prepare('INSERT INTO log_identity (id) VALUES (?)').run(id);
      return id;
    }).immediate();
    this.statements = {
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(READ_ALL_SQL),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
    this.headsAsOf = this.head();
    this.writer = filename === ':memory:' ? inThreadWriter(this.db) : workerWriter(filename);
  }

  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    try {
      this.assertOpen();
      if (this.closing) throw new Error('The event store is closed');
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamName, events, expected: options.expectedRevision ?? 'any', resolve, reject });
      if (!this.flushScheduled && !this.committing) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is pending as one group; what is asked for meanwhile goes in the next, as soon as this one is done. */
  private flush() {
    this.flushScheduled = false;
    if (this.committing) return;
    const group: PendingAppend[] = [];
    const wire: WireAppend[] = [];
    for (const append of this.pending.splice(0)) {
      try {
        wire.push({
          stream: append.streamName,
          expected: append.expected,
          events: append.events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: JSON.stringify(event.data), metadata: JSON.stringify(event.metadata) })),
        });
        group.push(append);
      } catch (error) {
        // Data that cannot be written (a cycle, a BigInt): that append is refused, the others of the group go on.
        append.reject(error);
      }
    }
    if (group.length === 0) {
      for (const done of this.drained.splice(0)) done();
      return;
    }
    this.committing = true;
    this.inFlight = { streams: new Set(wire.map((append) => append.stream)), events: wire.reduce((sum, append) => sum + append.events.length, 0) };
    const recordedAt = new Date().toISOString();
    this.writer.commit(wire, recordedAt).then(
      (committed) => this.settle(group, committed, wire, recordedAt),
      // The commit itself failed: nothing of the group was written.
      (error: unknown) => group.forEach((append) => append.reject(error)),
    ).finally(() => {
      this.committing = false;
      this.inFlight = null;
      this.flush();
    });
  }

  private settle(group: PendingAppend[], committed: GroupCommitted, wire: WireAppend[], recordedAt: string) {
    // What this group wrote is the last revision of its streams; anyone else's append since the last group
    // (another process) makes every remembered revision doubtful.
    if (committed.before !== this.headsAsOf || this.heads.size > HEADS_KEPT) this.heads.clear();
    const written: Array<() => void> = [];
    let events = 0;
    let last = 0;
    group.forEach((append, i) => {
      const outcome = committed.outcomes[i]!;
      if (outcome.ok) {
        this.heads.set(append.streamName, outcome.nextExpectedRevision);
        this.keepRecent(wire[i]!, outcome, recordedAt);
        events += wire[i]!.events.length;
        last = Math.max(last, outcome.position);
        written.push(() => append.resolve({ nextExpectedRevision: outcome.nextExpectedRevision, position: outcome.position }));
      } else if (outcome.wrongRevision) {
        this.heads.delete(append.streamName);
        append.reject(new WrongExpectedRevisionError(append.streamName, append.expected, outcome.actual ?? 'no_stream'));
      } else append.reject(Object.assign(new Error(outcome.message), outcome.code ? { code: outcome.code } : {}));
    });
    this.headsAsOf = committed.after;
    if (written.length === 0) return;
    let acknowledged = false;
    const acknowledge = () => {
      if (acknowledged) return;
      acknowledged = true;
      for (const resolve of written) resolve();
      for (const listener of this.listeners) listener();
    };
    // The prompt followers that had every event before this group (nobody else appended in between) fold it before
    // its appends are acknowledged and before the other subscribers hear of it, in one go: nothing else runs on this
    // thread in between. Not a group so large that it would hold the thread too long (a burst past what 1,000
    // learners at once append).
    // (A follower may have folded the group already, read from the file before this answer came: it holds nothing.)
    const holders = events <= PROMPT_HOLD_MAX_EVENTS ? [...this.promptFollowers].filter((follower) => follower.position >= committed.before && follower.position < last) : [];
    for (const follower of this.promptFollowers) follower.wake();
    if (holders.length === 0) return acknowledge();
    let waiting = holders.length;
    // A follower that does not get there (its handler waits on something slow) holds nobody for long.
    const timer = setTimeout(acknowledge, this.promptWaitMaxMs);
    for (const follower of holders) {
      follower.held.push({
        position: last,
        release: () => {
          if ((waiting -= 1) > 0) return;
          clearTimeout(timer);
          acknowledge();
        },
      });
    }
  }

  /** An append's events as they were committed: one after the other in the log and in their stream, ending at the outcome's. */
  private keepRecent(append: WireAppend, outcome: { nextExpectedRevision: number; position: number }, recordedAt: string) {
    const count = append.events.length;
    append.events.forEach((event, k) => {
      const position = outcome.position - count + 1 + k;
      this.recentNewest = Math.max(this.recentNewest, position);
      this.recent.set(position, deepFreeze({
        id: event.id, streamName: append.stream, revision: outcome.nextExpectedRevision - count + 1 + k, position, type: event.type,
        data: JSON.parse(event.data) as unknown, metadata: JSON.parse(event.metadata) as RecordedEvent['metadata'], recordedAt,
      }));
    });
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= RECENT_KEPT) break;
      this.recent.delete(oldest);
    }
  }

  /**
   * A subscription's next batch after `after`: the events kept in memory that follow it; else nothing when it has all
   * this process committed and the log's head (as of this turn) is no further, or further only by the group this
   * process is committing (its answer brings those events, parsed once, and wakes every subscription: read from the
   * file before, under load, they were read and parsed once more by every subscription); else read from the file.
   */
  private eventsAfter(after: number): RecordedEvent[] {
    const kept = this.recentAfter(after, SUBSCRIPTION_BATCH);
    if (kept.length > 0) return kept;
    if (this.recentNewest <= after) {
      const head = this.headThisTurn();
      if (head <= after) return [];
      if (this.inFlight !== null && after >= this.headsAsOf && head - this.headsAsOf <= this.inFlight.events) return [];
    }
    return this.statements.readAll.all(after, SUBSCRIPTION_BATCH).map(toRecorded);
  }

  /** The events right after `after` that are still kept, in order, up to `max` (none when the next one is not). */
  private recentAfter(after: number, max: number): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    for (let next = this.recent.get(after + 1); next && events.length < max; next = this.recent.get(next.position + 1)) events.push(next);
    return events;
  }

  /**
   * Nobody appended to this stream since its last revision was known: the log's head has not moved since, or only by
   * as many events as the group being committed may add, none of them to this stream. (Another process's append in
   * that same moment is seen as soon as the group's answer comes: it then reads at most as late as a read made just
   * before that append; its appends are checked against the log's real revisions in any case.) A head behind what is
   * known (this process's group settled since the turn looked) says nothing new either: the revisions known are exact as
   * of the later head (they are forgotten when anyone else appended before that group). Under load, that is a read in two.
   */
  private nothingNewIn(streamName: string): boolean {
    const moved = this.headThisTurn() - this.headsAsOf;
    if (moved <= 0) return true;
    return this.inFlight !== null && !this.inFlight.streams.has(streamName) && moved <= this.inFlight.events;
  }

  private head(): number {
    return this.statements.head.get()?.position ?? 0;
  }

  /**
   * The log's head, looked at once per turn of the event loop: the reads of one turn (a few dozen under load, one
   * query each, a twentieth of the command thread) are as of its start. An append another process commits during
   * the turn is seen at the next, as if the reads had been made just before it; this process's own group is known
   * by `inFlight` until it settles.
   */
  private headThisTurn(): number {
    if (this.headOfTurn === null) {
      this.headOfTurn = this.head();
      setImmediate(() => (this.headOfTurn = null));
    }
    return this.headOfTurn;
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const from = options.fromRevision ?? 0;
    const last = this.heads.get(streamName);
    // Nothing after the stream's last revision, and nobody appended anything since we knew it.
    if (last !== undefined && from > last && this.nothingNewIn(streamName)) return [];
    const rows = this.statements.readStream.all(streamName, from, options.maxCount ?? -1);
    if (options.maxCount === undefined) {
      const revision = rows.at(-1)?.revision;
      if (revision !== undefined) this.heads.set(streamName, revision);
      else if (from === 0) this.heads.set(streamName, -1);
    }
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.statements.readAll.all(options.after ?? 0, options.maxCount ?? -1).map(toRecorded);
  }

  readAllPages(options: ReadAllPagesOptions = {}): AsyncIterable<RecordedEvent[]> {
    this.assertOpen();
    const after = options.after ?? 0;
    const pageSize = options.pageSize ?? 1000;
    // Positions here count the events: the head less `after` is what is left to read.
    if (this.filename === ':memory:' || this.head() - after < this.readAheadFrom) return pagesOfReadAll(this, { after, pageSize });
    return readPagesAhead(this.filename, { after, pageSize, readHere: (from, maxCount) => this.readAll({ after: from, maxCount }) });
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.head();
  }

  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    let after = options.after ?? 0;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    const follower: PromptFollower | null = options.prompt ? { position: after, wake: onAppend, held: [] } : null;
    if (follower) this.promptFollowers.add(follower);
    else this.listeners.add(onAppend);
    /** The appends held for this subscription up to `position` are acknowledged (all of them once it stops). */
    const release = (position: number) => {
      if (!follower) return;
      follower.position = position;
      while (follower.held.length > 0 && follower.held[0]!.position <= position) follower.held.shift()!.release();
    };
    const stop = () => {
      stopped = true;
      if (!follower) return;
      this.promptFollowers.delete(follower);
      release(Number.POSITIVE_INFINITY);
    };

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
        const batch = this.closed ? [] : this.eventsAfter(after);
        if (batch.length === 0) {
          if (!caughtUpReported) {
            handler.onCaughtUp?.(after);
            caughtUpReported = true;
          }
          await sleep();
          continue;
        }
        caughtUpReported = false;
        for (const event of batch) {
          if (stopped) return;
          await handler.onEvent(event);
          after = event.position;
          release(after);
        }
        // Catching up on a backlog, a handler that answers at once (in memory) would hold the event loop from batch to
        // batch: requests get in between two. Not within one: a batch takes a few milliseconds, and a subscriber
        // that yielded more often (every 10 ms) fell seconds behind under load, read-your-writes queries with it.
        // Nor while appends wait for this one: their group is folded in one go.
        if (batch.length === SUBSCRIPTION_BATCH && !(follower && follower.held.length > 0)) await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const running = loop().then(stop, (error: unknown) => {
      stop();
      handler.onError?.(error);
    });

    return {
      close: async () => {
        stop();
        this.listeners.delete(onAppend);
        wake?.();
        await running;
      },
    };
  }

  close(): Promise<void> {
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private async closeOnce() {
    if (this.closed) return;
    // Appends already asked for are committed first.
    while (this.committing || this.pending.length > 0) {
      await new Promise<void>((resolve) => {
        this.drained.push(resolve);
        if (!this.committing && !this.flushScheduled) this.flush();
      });
    }
    await this.writer.close();
    this.closed = true;
    for (const listener of this.listeners) listener();
    for (const follower of this.promptFollowers) follower.wake();
    this.listeners.clear();
    this.db.close();
  }

  private assertOpen() {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/** Shared by every subscription: none may change what another reads. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
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
