import type { EventMetadata, RecordedEvent } from '@recup/shared-events';

/**
 * The event store port, shaped after EventStoreDB: streams with 0-based revisions, an expected revision on
 * every append (optimistic concurrency), a global position per event, and catch-up subscriptions to the
 * whole log.
 */
export type ExpectedRevision =
  /** No check. */
  | 'any'
  /** The stream must not exist yet. */
  | 'no_stream'
  /** The stream must exist, whatever its revision. */
  | 'stream_exists'
  /** The stream's last event must have exactly this revision. */
  | number;

export interface EventToAppend {
  /** Unique event id; generated when absent. */
  readonly id?: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event appended: the expected revision of the next append. */
  readonly nextExpectedRevision: number;
  /** Global position of the last event appended. */
  readonly position: number;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive). Default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /**
   * Read events strictly after this global position. Default: from the start. Like every position given
   * to the store, 0 or a position it handed out (EventStoreDB cannot start inside a record).
   */
  readonly after?: number;
  readonly maxCount?: number;
}

export interface ReadAllPagesOptions {
  /** As `readAll`'s: strictly after this global position (0 or one the store handed out). */
  readonly after?: number;
  /** Events per page (1,000 unless said). */
  readonly pageSize?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this global position (a checkpoint). Default: from the start. */
  readonly after?: number;
  /**
   * The subscriber handles events at once, in memory (the embedded projector on the embedded read store): an append
   * made in this process is acknowledged once the subscriber has handled it, as long as the subscriber had caught up
   * with the log, so that whoever is answered reads their own write without waiting. A store whose subscribers
   * run elsewhere (EventStoreDB) ignores it.
   */
  readonly prompt?: boolean;
}

export interface SubscriptionHandler {
  /** Called once per event, in global order; the next event waits until the promise settles. */
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called when the subscription stops on an error (including one thrown by `onEvent`). */
  onError?(error: unknown): void;
  /** Called each time the subscription has delivered everything stored so far. */
  onCaughtUp?(position: number): void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream, oldest first; an empty array when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of the whole log in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The whole log in global order, page by page, until a read finds nothing more: the pages `readAll` would give,
   * read ahead of the caller where the adapter can, so that reading overlaps the caller's work on the page before
   * (a rebuild). Leaving the loop early releases whatever reads ahead.
   */
  readAllPages(options?: ReadAllPagesOptions): AsyncIterable<RecordedEvent[]>;
  /** Catch-up subscription to the whole log: stored events first, then live ones as they are appended. */
  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription;
  /** Global position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** The stream was not at the expected revision: somebody else appended first. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName} expected at revision ${String(expected)} but is at ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * `readAllPages` on `readAll`: the next page is asked for before this one is handed over, so that a store reached
 * over the network fetches it while the caller works.
 */
export async function* pagesOfReadAll(store: Pick<EventStore, 'readAll'>, options: ReadAllPagesOptions = {}): AsyncGenerator<RecordedEvent[]> {
  const pageSize = options.pageSize ?? 1000;
  let next = store.readAll({ after: options.after ?? 0, maxCount: pageSize });
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    next = store.readAll({ after: page.at(-1)!.position, maxCount: pageSize });
    // A page asked for and not awaited (the caller left) must not end as an unhandled rejection.
    next.catch(() => {});
    yield page;
  }
}
