import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, RecordedEvent } from '@recup/shared-events';
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

/** Events read from `$all` per request while catching up or paging. */
const PAGE = 500;
/** What the server sends for "no position" in a uint64 field. */
const NO_POSITION = 2n ** 63n;

/**
 * The production event store on EventStoreDB (22.10 or later) through its gRPC client.
 *
 * Global position: since 20.x every event of an append is written as a committed prepare, so its `$all`
 * position has commit = prepare = the event's own log position. The port's number is that commit
 * position; it is converted back to `{ commit, prepare }` with both equal, which is a valid read position
 * for any position this store handed out (positions must come from the store: an arbitrary number may fall
 * inside a record). A log past 2^53 bytes (8 PiB) would not fit a number: that is refused, not rounded.
 *
 * System events (`$`-prefixed event types or streams: stream metadata, links, statistics) are not part of
 * the port's log: reads, the head position and subscriptions skip them.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(connectionString: string) {
    if (!/^esdb(\+discover)?:\/\//i.test(connectionString)) {
      throw new Error(`EVENTSTORE_URL must be an EventStoreDB connection string (esdb://host:2113?tls=false), got ${JSON.stringify(connectionString.split(':')[0])}`);
    }
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    let nextExpectedRevision: bigint;
    let appendedAt: bigint | undefined;
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((event) =>
          jsonEvent({
            id: event.id ?? randomUUID(),
            type: event.type,
            data: event.data as JSONType,
            metadata: event.metadata as unknown as JSONType,
          }),
        ),
        { expectedRevision: toEsdbExpected(expected) },
      );
      nextExpectedRevision = result.nextExpectedRevision;
      appendedAt = result.position?.commit;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : toNumber(error.actualVersion, 'revision');
        throw new WrongExpectedRevisionError(streamName, expected, actual);
      }
      throw error;
    }
    // The append answers one position for the whole write; the position of its last event is read back,
    // which is exact whatever the server reports for a write of several events.
    const [last] = await this.readRaw(streamName, nextExpectedRevision, 1);
    const position = last?.position ? toNumber(last.position.commit, 'position') : appendedAt !== undefined ? toNumber(appendedAt, 'position') : 0;
    return { nextExpectedRevision: toNumber(nextExpectedRevision, 'revision'), position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const events = await this.readRaw(streamName, BigInt(options.fromRevision ?? 0), options.maxCount);
    return events.map((event) => {
      if (!event.position || event.position.commit >= NO_POSITION) {
        throw new Error(`EventStoreDB gave no log position for ${streamName}@${event.revision}: version 22.10 or later is required`);
      }
      return toRecorded(event, toNumber(event.position.commit, 'position'));
    });
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    let cursor = options.after ?? 0;
    while (out.length < limit) {
      const page = await this.readAllPage(cursor);
      for (const event of page.events) if (out.length < limit) out.push(event);
      cursor = page.cursor;
      if (page.ended) break;
    }
    return out;
  }

  readAllPages(options: ReadAllPagesOptions = {}): AsyncIterable<RecordedEvent[]> {
    this.assertOpen();
    return pagesOfReadAll(this, options);
  }

  /** Reads one record of `$all` within `deadlineMs`: a start-up check that the server answers. */
  async ping(deadlineMs = 5000): Promise<void> {
    this.assertOpen();
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, deadline: deadlineMs })) void resolved;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let from: ReadPosition = END;
    for (;;) {
      let count = 0;
      let oldest: AllStreamRecordedEvent | null = null;
      const page: AsyncIterable<AllStreamResolvedEvent> = this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: PAGE });
      for await (const resolved of page) {
        count += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystemEvent(event)) return toNumber(event.position.commit, 'position');
        oldest = event;
      }
      if (count < PAGE || !oldest) return 0;
      from = oldest.position;
    }
  }

  /**
   * Catch-up in two steps: pages of `$all` up to the end (then `onCaughtUp`), then a live subscription
   * from the last position read, filtered of system events on the server. The handler's promise is awaited
   * before the next event is taken from the stream, so a slow handler holds the server back (gRPC flow
   * control) instead of filling memory.
   */
  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    this.assertOpen();
    let stopped = false;
    let live: AllStreamSubscription | null = null;
    /** Last position read (system events included) and last position delivered. */
    let cursor = options.after ?? 0;
    let delivered = cursor;

    const deliver = async (event: RecordedEvent) => {
      await handler.onEvent(event);
      delivered = event.position;
    };

    const run = async () => {
      for (;;) {
        if (stopped) return;
        const page = await this.readAllPage(cursor);
        for (const event of page.events) {
          if (stopped) return;
          await deliver(event);
        }
        cursor = page.cursor;
        if (page.ended) break;
      }
      if (stopped) return;
      handler.onCaughtUp?.(delivered);

      const subscription = this.client.subscribeToAll({
        fromPosition: cursor > 0 ? toEsdbPosition(cursor) : START,
        filter: excludeSystemEvents(),
      });
      live = subscription;
      // Servers from 23.10 say when the subscription falls behind and catches up again; older ones never do.
      let behind = false;
      subscription.on('fellBehind', () => (behind = true));
      subscription.on('caughtUp', () => (behind = false));
      for await (const resolved of subscription) {
        if (stopped) return;
        const event = resolved.event;
        if (!event || isSystemEvent(event)) continue;
        const position = toNumber(event.position.commit, 'position');
        if (position <= Math.max(cursor, delivered)) continue;
        await deliver(toRecorded(event, position));
        if (!behind && subscription.readableLength === 0) handler.onCaughtUp?.(delivered);
      }
      if (!stopped) throw new Error('The EventStoreDB subscription to $all ended');
    };

    const stopLive = async () => {
      const current = live as AllStreamSubscription | null;
      if (!current) return;
      await current.unsubscribe().catch(() => {});
      current.destroy();
    };

    const running = run().catch(async (error: unknown) => {
      if (stopped) return;
      stopped = true;
      await stopLive();
      handler.onError?.(error);
    });

    const subscription: Subscription = {
      close: async () => {
        this.subscriptions.delete(subscription);
        stopped = true;
        await stopLive();
        await running;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  /** One page of `$all` strictly after `after`: the port's events in it, and where the next page starts. */
  private async readAllPage(after: number): Promise<{ events: RecordedEvent[]; cursor: number; ended: boolean }> {
    const events: RecordedEvent[] = [];
    let cursor = after;
    let count = 0;
    // A read from a position includes the event at that position: it is seen again and passed over.
    for await (const resolved of this.client.readAll({ fromPosition: after > 0 ? toEsdbPosition(after) : START, maxCount: PAGE })) {
      count += 1;
      const event = resolved.event;
      if (!event) continue;
      const position = toNumber(event.position.commit, 'position');
      if (position <= cursor) continue;
      cursor = position;
      if (!isSystemEvent(event)) events.push(toRecorded(event, position));
    }
    return { events, cursor, ended: count < PAGE };
  }

  private async readRaw(streamName: string, fromRevision: bigint, maxCount?: number): Promise<EsdbRecordedEvent[]> {
    const events: EsdbRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, { fromRevision, maxCount, requiresLeader: true })) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  private assertOpen() {
    if (this.closed) throw new Error('The event store is closed');
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${String(expected)}`);
  return BigInt(expected);
}

function toEsdbPosition(position: number) {
  if (!Number.isSafeInteger(position) || position < 0) throw new Error(`Invalid log position ${position}`);
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

function toNumber(value: bigint, what: 'position' | 'revision'): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`EventStoreDB ${what} ${value} is beyond what the event store port can represent`);
  return Number(value);
}

function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecorded(event: EsdbRecordedEvent, position: number): RecordedEvent {
  return {
    id: event.id,
    streamName: event.streamId,
    revision: toNumber(event.revision, 'revision'),
    position,
    type: event.type,
    data: event.isJson ? event.data : parseBinary(event.data),
    metadata: (event.metadata instanceof Uint8Array ? parseBinary(event.metadata) : event.metadata ?? {}) as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}

/** An event written by another client as bytes: JSON when it is, the bytes otherwise. */
function parseBinary(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  } catch {
    return bytes;
  }
}
