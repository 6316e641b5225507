import type { EventStore, Subscription } from '@recup/infra/event-store/port';
import type { Collection, Doc } from '@recup/infra/read-store/port';
import { toDomainEvent, UnknownEventTypeError, type RecordedDomainEvent, type RecordedEvent } from '@recup/shared-events';

/**
 * A process that reacts to events by issuing commands. It must be idempotent: after a restart it may see
 * events again (its checkpoint says where to resume, at least once), and every command it issues is decided
 * against the stream's real state, so a stale reaction changes nothing.
 */
export interface Reactor {
  readonly name: string;
  handle(event: RecordedDomainEvent): Promise<void>;
  /** Work that falls due with time (holds that elapse); called periodically with the clock's now. */
  sweep?(now: Date): Promise<void>;
}

export type ReactorCheckpoint = Doc & { position: number };

export interface RunningReactors {
  caughtUp: Promise<void>;
  /** Runs every reactor's due work now (tests move a manual clock, then sweep). */
  sweep(): Promise<void>;
  /** Resolves once every reactor has handled the log up to this position. */
  reached(position: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface Logger {
  error(message: string, error?: unknown): void;
}

/** An event of the log as the reactors get it: parsed once (null: a type this version does not know, or malformed). */
type FeedItem = { position: number; event: RecordedDomainEvent | null };

/** A reactor this many events behind the shared subscription goes on, on a subscription of its own, until it catches up. */
const HIGH_WATER = 1000;
const RETRY_MS = 1000;
/** A lane with work waiting lets requests in at least this often (the embedded stores answer without I/O, so a backlog would otherwise hold the event loop). */
const YIELD_EVERY_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One reactor's lane: its checkpoint, and the events the shared subscription gave it to handle, in order. A lane
 * whose handler throws leaves the shared subscription: it retries from its checkpoint on a subscription of its own
 * a second later (so one failing reactor never stops the others); so does a lane HIGH_WATER events behind, at once
 * (so one slow reactor never holds the others back, nor fills the memory). Either joins the shared subscription
 * again once it has caught up with it.
 */
type Lane = {
  reactor: Reactor;
  id: string;
  position: number;
  queue: FeedItem[];
  draining: Promise<void> | null;
  own: { subscription: Subscription | null; caughtUp: boolean; timer: NodeJS.Timeout | null } | null;
};

/**
 * Runs the reactors on one subscription to the log: each event is read and parsed once, then handed to every
 * reactor, each in its own lane, at its own pace, each with its own checkpoint.
 */
export async function startReactors(deps: {
  eventStore: EventStore;
  checkpoints: Collection<ReactorCheckpoint>;
  reactors: readonly Reactor[];
  now: () => Date;
  sweepIntervalMs?: number;
  logger?: Logger;
}): Promise<RunningReactors> {
  const logger = deps.logger ?? { error: (m, e) => console.error(m, e) };
  let closed = false;
  const lanes: Lane[] = [];
  for (const reactor of deps.reactors) {
    const id = `reactor:${reactor.name}`;
    const stored = await deps.checkpoints.findOne({ _id: id });
    lanes.push({ reactor, id, position: stored?.position ?? 0, queue: [], draining: null, own: null });
  }

  /** The position of the last event the shared subscription handed out. */
  let feedPosition = lanes.length === 0 ? 0 : Math.min(...lanes.map((lane) => lane.position));
  let feedCaughtUp = false;
  let feed: Subscription | null = null;
  let settle: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => (settle = resolve));
  const checkCaughtUp = () => {
    if (feedCaughtUp && lanes.every((lane) => (lane.own ? lane.own.caughtUp : lane.queue.length === 0 && !lane.draining))) settle();
  };

  const parse = (recorded: RecordedEvent): FeedItem => {
    try {
      return { position: recorded.position, event: toDomainEvent(recorded) };
    } catch (error) {
      if (!(error instanceof UnknownEventTypeError)) logger.error(`reactors: event ${recorded.id} is malformed`, error);
      return { position: recorded.position, event: null };
    }
  };

  const handle = async (lane: Lane, item: FeedItem) => {
    if (item.position <= lane.position) return;
    if (item.event) await lane.reactor.handle(item.event);
    lane.position = item.position;
    await deps.checkpoints.replaceOne({ _id: lane.id }, { _id: lane.id, position: lane.position }, { upsert: true });
  };

  const drain = (lane: Lane) => {
    lane.draining ??= (async () => {
      // Always settles after `draining` is set, so that its `finally` clears it.
      await Promise.resolve();
      let since = performance.now();
      try {
        while (!closed && !lane.own && lane.queue.length > 0) {
          if (performance.now() - since >= YIELD_EVERY_MS) {
            await nextTurn();
            since = performance.now();
            continue;
          }
          try {
            await handle(lane, lane.queue[0]!);
          } catch (error) {
            leaveFeed(lane, error);
            return;
          }
          lane.queue.shift();
        }
      } finally {
        lane.draining = null;
        checkCaughtUp();
      }
    })();
  };

  /**
   * The lane's handler threw (`error`), or the lane fell too far behind: it goes on from its checkpoint on its own
   * subscription (a second later after an error), and the others go on.
   */
  const leaveFeed = (lane: Lane, error?: unknown) => {
    if (error !== undefined) logger.error(`reactor ${lane.reactor.name} stopped at ${lane.position}; retrying`, error);
    lane.queue = [];
    lane.own = { subscription: null, caughtUp: false, timer: null };
    goAlone(lane, error === undefined ? 0 : RETRY_MS);
  };

  const goAlone = (lane: Lane, delayMs: number) => {
    const own = lane.own;
    if (!own || closed) return;
    own.timer = setTimeout(async () => {
      own.timer = null;
      // The event the lane is handling, if any, first: a lane handles one event at a time.
      await lane.draining;
      if (closed || lane.own !== own) return;
      let joined = false;
      const join = () => {
        // Caught up with the shared subscription: the events after it come from there again.
        if (joined || lane.position < feedPosition) return;
        joined = true;
        lane.own = null;
        const subscription = own.subscription;
        if (subscription) void subscription.close();
        checkCaughtUp();
      };
      own.subscription = deps.eventStore.subscribeToAll({ after: lane.position }, {
        onEvent: async (recorded) => {
          if (joined) return;
          await handle(lane, parse(recorded));
          join();
        },
        onCaughtUp: () => {
          own.caughtUp = true;
          join();
          checkCaughtUp();
        },
        onError: (failure) => {
          if (closed || joined) return;
          logger.error(`reactor ${lane.reactor.name} stopped at ${lane.position}; retrying`, failure);
          // A subscription that failed has stopped; closing it lets go of what it holds (not awaited: it is still unwinding).
          void own.subscription?.close();
          own.subscription = null;
          goAlone(lane, RETRY_MS);
        },
      });
    }, delayMs);
    own.timer.unref();
  };

  const subscribe = () => {
    feed = deps.eventStore.subscribeToAll({ after: feedPosition }, {
      onEvent: async (recorded) => {
        const item = parse(recorded);
        feedPosition = item.position;
        for (const lane of lanes) {
          if (lane.own || item.position <= lane.position) continue;
          if (lane.queue.length >= HIGH_WATER) {
            leaveFeed(lane);
            continue;
          }
          lane.queue.push(item);
          drain(lane);
        }
      },
      onCaughtUp: () => {
        feedCaughtUp = true;
        checkCaughtUp();
      },
      onError: (error) => {
        if (closed) return;
        logger.error(`reactors' subscription stopped at ${feedPosition}; resubscribing`, error);
        setTimeout(() => !closed && subscribe(), RETRY_MS).unref();
      },
    });
  };
  subscribe();

  const sweep = async () => {
    for (const reactor of deps.reactors) {
      try {
        await reactor.sweep?.(deps.now());
      } catch (error) {
        logger.error(`reactor ${reactor.name}: sweep failed`, error);
      }
    }
  };
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void sweep().finally(() => (sweeping = false));
  }, deps.sweepIntervalMs ?? 15_000);
  timer.unref();

  return {
    caughtUp,
    sweep,
    reached: async (position, timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (lanes.some((lane) => lane.position < position)) {
        if (Date.now() > deadline) throw new Error(`reactors did not reach ${position}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      for (const lane of lanes) if (lane.own?.timer) clearTimeout(lane.own.timer);
      await Promise.all([
        (feed as Subscription | null)?.close(),
        ...lanes.map((lane) => lane.own?.subscription?.close()),
        ...lanes.map((lane) => lane.draining),
      ]);
    },
  };
}
