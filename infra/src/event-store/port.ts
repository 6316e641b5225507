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

export interface SubscribeOptions {
  /** Deliver events strictly after this global position (a checkpoint). Default: from the start. */
  readonly after?: number;
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
