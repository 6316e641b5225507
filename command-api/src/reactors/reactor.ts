import type { EventStore, Subscription } from '@recup/infra/event-store/port';
import type { ProcessorStore } from '@recup/infra/processor-store/port';
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

/** What the reactors keep in the processor store: their checkpoints and the events they parked. */
type ReactorStore = Pick<ProcessorStore, 'checkpoint' | 'saveCheckpoints' | 'park' | 'parkedEvents' | 'unpark'>;

/** How a handler that throws is tried again before its event is parked. */
export interface RetryPolicy {
  /** Tries in all, the first included (default 5). */
  attempts: number;
  /** The wait after the first failure, doubled after each next one (default 1 s: 1, 2, 4, 8 s). */
  firstDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 5, firstDelayMs: 1000 };

export interface RunningReactors {
  caughtUp: Promise<void>;
  /**
   * Runs now what is due by the clock: the handlers waiting to be tried again, the parked events an
   * administrator asked to retry, then every reactor's due work (tests move a manual clock, then sweep).
   */
  sweep(): Promise<void>;
  /** Tries again the parked events an administrator asked to retry (the sweep does it too). */
  retryParked(): Promise<void>;
  /** Resolves once every reactor has handled the log up to this position. */
  reached(position: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface Logger {
  error(message: string, error?: unknown): void;
}

/** An event of the log as the reactors get it: parsed once (null: a type this version does not know, or malformed). */
type FeedItem = { position: number; recorded: RecordedEvent; event: RecordedDomainEvent | null };

/** A handler threw on this event: it is tried again at `retryAt` (by the clock), or parked after the last try. */
class HandlerFailed extends Error {
  constructor(readonly retryAt: number, readonly delayMs: number, options: { cause: unknown }) {
    super('a reactor handler failed', options);
  }
}

/** A reactor this many events behind the shared subscription goes on, on a subscription of its own, until it catches up. */
const HIGH_WATER = 1000;
/** A store or subscription that failed (not a handler) is tried again this much later, by real time. */
const RETRY_MS = 1000;
/** How often, in real time, the clock is looked at for handlers due to be tried again and parked events to retry. */
const WAKE_MS = 250;
/** A lane with work waiting lets requests in at least this often (the embedded stores answer without I/O, so a backlog would otherwise hold the event loop). */
const YIELD_EVERY_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * The lanes' checkpoints are written together, in one write of the store: shortly after a lane has nothing more to
 * handle, when they are closed, and whenever a lane has handled this many events since its last one while it has a
 * backlog — not after each event (one write per event and per reactor, a dozen per event), nor one write per lane
 * (a dozen writes for the same hundred events: a tenth of the command thread under the booking load). A process killed
 * in between hands those few events again to reactors that decide against the streams' real state (and mails once
 * per notification stream): they change nothing twice.
 */
const CHECKPOINT_EVERY_EVENTS = 100;
/** Once a lane is idle, the checkpoints are written this long after (ms of real time): one write for every lane idle by then. */
const CHECKPOINT_IDLE_MS = 50;

/**
 * One reactor's lane: its checkpoint, and the events the shared subscription gave it to handle, in order. A lane
 * whose handler throws leaves the shared subscription: it tries the event again from its checkpoint on a subscription
 * of its own once the backoff has passed (so one failing reactor never stops the others), and parks the event after
 * the last try (so one failing event never stops the events after it); so does a lane HIGH_WATER events behind, at
 * once (so one slow reactor never holds the others back, nor fills the memory). Either joins the shared subscription
 * again once it has caught up with it.
 */
type Lane = {
  reactor: Reactor;
  id: string;
  position: number;
  /** The position its stored checkpoint stands at. */
  saved: number;
  queue: FeedItem[];
  draining: Promise<void> | null;
  /** The event its handler failed on, how many times so far, and when it is tried again (clock ms). */
  failing: { position: number; attempts: number; retryAt: number } | null;
  /** `wakeAt`: the clock's time (ms) its backoff ends; the backoff also ends once as much real time has passed (`timer`). */
  own: { subscription: Subscription | null; caughtUp: boolean; timer: NodeJS.Timeout | null; wakeAt: number | null } | null;
};

/**
 * Runs the reactors on one subscription to the log: each event is read and parsed once, then handed to every
 * reactor, each in its own lane, at its own pace, each with its own checkpoint. The checkpoints and parked events are
 * kept in the processor store beside the log: a restart resumes each reactor where it was, without replaying the log.
 */
export async function startReactors(deps: {
  eventStore: EventStore;
  store: ReactorStore;
  reactors: readonly Reactor[];
  now: () => Date;
  sweepIntervalMs?: number;
  logger?: Logger;
  retry?: Partial<RetryPolicy>;
}): Promise<RunningReactors> {
  const logger = deps.logger ?? { error: (m, e) => console.error(m, e) };
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...deps.retry };
  let closed = false;
  const lanes: Lane[] = [];
  for (const reactor of deps.reactors) {
    const id = `reactor:${reactor.name}`;
    const stored = await deps.store.checkpoint(id);
    lanes.push({ reactor, id, position: stored ?? 0, saved: stored ?? 0, queue: [], draining: null, failing: null, own: null });
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
      return { position: recorded.position, recorded, event: toDomainEvent(recorded) };
    } catch (error) {
      if (!(error instanceof UnknownEventTypeError)) logger.error(`reactors: event ${recorded.id} is malformed`, error);
      return { position: recorded.position, recorded, event: null };
    }
  };

  const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const parkedId = (lane: Lane, recorded: RecordedEvent) => `${lane.reactor.name}:${recorded.id}`;

  const handle = async (lane: Lane, item: FeedItem) => {
    if (item.position <= lane.position) return;
    if (item.event) {
      try {
        await lane.reactor.handle(item.event);
      } catch (error) {
        const attempts = (lane.failing?.position === item.position ? lane.failing.attempts : 0) + 1;
        if (attempts < retry.attempts) {
          const delayMs = retry.firstDelayMs * 2 ** (attempts - 1);
          const retryAt = deps.now().getTime() + delayMs;
          lane.failing = { position: item.position, attempts, retryAt };
          throw new HandlerFailed(retryAt, delayMs, { cause: error });
        }
        // The last try failed too: the event is set aside, with its error, and the reactor goes on with the next.
        await deps.store.park({
          id: parkedId(lane, item.recorded), reactor: lane.reactor.name, position: item.position, event: item.recorded, error: message(error), attempts,
          parkedAt: deps.now().toISOString(), retryRequestedAt: null,
        });
        logger.error(`reactor ${lane.reactor.name} parked event ${item.recorded.id} (${item.recorded.type} at ${item.position}) after ${attempts} tries`, error);
      }
    }
    lane.failing = null;
    lane.position = item.position;
    if (lane.position - lane.saved >= CHECKPOINT_EVERY_EVENTS) await saveCheckpoints();
  };

  /** The checkpoints are written once shortly (every lane that moved on by then, in one write). */
  let saveTimer: NodeJS.Timeout | null = null;
  const saveSoon = () => {
    if (saveTimer || closed) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void saveCheckpointsOrLog();
    }, CHECKPOINT_IDLE_MS);
    saveTimer.unref();
  };

  /** Writes the checkpoint of every lane that moved on since its last one, in one write; one such write at a time. */
  let saving: Promise<void> | null = null;
  const saveCheckpoints = async (): Promise<void> => {
    while (saving) await saving.catch(() => {});
    const moved = lanes.filter((lane) => lane.position > lane.saved).map((lane) => ({ lane, position: lane.position }));
    if (moved.length === 0) return;
    saving = deps.store.saveCheckpoints(Object.fromEntries(moved.map(({ lane, position }) => [lane.id, position])));
    try {
      await saving;
      for (const { lane, position } of moved) lane.saved = Math.max(lane.saved, position);
    } finally {
      saving = null;
    }
  };

  /** Off a handler's path (idle, caught up, closing): checkpoints not written are logged; the next write writes them. */
  const saveCheckpointsOrLog = () =>
    saveCheckpoints().catch((error: unknown) => logger.error('reactors: checkpoints not written', error));

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
        // Nothing more to handle for now: its checkpoint is written shortly, unless more comes first.
        if (lane.queue.length === 0) saveSoon();
      } finally {
        lane.draining = null;
        checkCaughtUp();
      }
    })();
  };

  /** A handler failure waits for its backoff by the clock; any other failure a second of real time. */
  const retryLater = (lane: Lane, error: unknown) => {
    if (error instanceof HandlerFailed) {
      logger.error(`reactor ${lane.reactor.name} failed at ${lane.failing?.position ?? lane.position} (try ${lane.failing?.attempts ?? 1} of ${retry.attempts}); tried again at ${new Date(error.retryAt).toISOString()}`, error.cause);
      goAlone(lane, { at: error.retryAt, afterMs: error.delayMs });
    } else {
      logger.error(`reactor ${lane.reactor.name} stopped at ${lane.position}; retrying`, error);
      goAlone(lane, { afterMs: RETRY_MS });
    }
  };

  /**
   * The lane's handler threw (`error`), or the lane fell too far behind: it goes on from its checkpoint on its own
   * subscription (once its backoff has passed, after an error), and the others go on.
   */
  const leaveFeed = (lane: Lane, error?: unknown) => {
    lane.queue = [];
    lane.own = { subscription: null, caughtUp: false, timer: null, wakeAt: null };
    if (error === undefined) goAlone(lane, { afterMs: 0 });
    else retryLater(lane, error);
  };

  /**
   * Starts the lane's own subscription after `afterMs` of real time, or as soon as the clock reaches `at` (see `wake`):
   * the same moment on the system clock; a test moving a manual clock need not wait.
   */
  const goAlone = (lane: Lane, when: { afterMs: number; at?: number }) => {
    const own = lane.own;
    if (!own || closed) return;
    own.wakeAt = when.at ?? null;
    own.timer = setTimeout(() => {
      own.wakeAt = null;
      void start(lane, own);
    }, when.afterMs);
    own.timer.unref();
  };

  /** Lanes whose backoff has passed by the clock start again. */
  const wake = async () => {
    const now = deps.now().getTime();
    const starting: Promise<void>[] = [];
    for (const lane of lanes) {
      const own = lane.own;
      if (own && own.wakeAt !== null && own.wakeAt <= now) {
        own.wakeAt = null;
        if (own.timer) clearTimeout(own.timer);
        starting.push(start(lane, own));
      }
    }
    await Promise.all(starting);
  };

  const start = async (lane: Lane, own: NonNullable<Lane['own']>) => {
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
      saveSoon();
      const subscription = own.subscription;
      if (subscription) void subscription.close();
      checkCaughtUp();
    };
    let first = true;
    let tried: () => void = () => {};
    // Resolves once the lane has tried its first event again (or has nothing to try): a sweep waits for that much.
    const firstTried = new Promise<void>((resolve) => (tried = resolve));
    own.subscription = deps.eventStore.subscribeToAll({ after: lane.position }, {
      onEvent: async (recorded) => {
        if (joined) return;
        try {
          await handle(lane, parse(recorded));
        } finally {
          if (first) {
            first = false;
            tried();
          }
        }
        join();
      },
      onCaughtUp: () => {
        tried();
        void saveCheckpointsOrLog();
        own.caughtUp = true;
        join();
        checkCaughtUp();
      },
      onError: (failure) => {
        tried();
        if (closed || joined) return;
        // A subscription that failed has stopped; closing it lets go of what it holds (not awaited: it is still unwinding).
        void own.subscription?.close();
        own.subscription = null;
        own.caughtUp = false;
        retryLater(lane, failure);
      },
    });
    await firstTried;
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

  /**
   * The parked events an administrator asked to retry: each handled again by its reactor (which decides against the
   * streams' real state, so a retry of what was half done does it once). Done, it is unparked; failing again, it
   * stays parked with the new error. A process stopped during a retry leaves the request standing: the next one
   * retries it.
   */
  let retrying: Promise<void> | null = null;
  const retryParked = () => {
    retrying ??= (async () => {
      try {
        const byName = new Map(lanes.map((lane) => [lane.reactor.name, lane]));
        for (const parked of await deps.store.parkedEvents()) {
          const lane = byName.get(parked.reactor);
          if (closed) return;
          if (!parked.retryRequestedAt || !lane) continue;
          const { event } = parse(parked.event);
          try {
            if (event) await lane.reactor.handle(event);
            await deps.store.unpark(parked.id);
          } catch (error) {
            await deps.store.park({ ...parked, error: message(error), attempts: parked.attempts + 1, parkedAt: deps.now().toISOString(), retryRequestedAt: null });
            logger.error(`reactor ${parked.reactor}: the retry of parked event ${parked.event.id} failed; parked again`, error);
          }
        }
      } catch (error) {
        logger.error('reactors: the parked events could not be read', error);
      } finally {
        retrying = null;
      }
    })();
    return retrying;
  };

  const sweepDuties = async () => {
    for (const reactor of deps.reactors) {
      try {
        await reactor.sweep?.(deps.now());
      } catch (error) {
        logger.error(`reactor ${reactor.name}: sweep failed`, error);
      }
    }
  };
  const sweep = async () => {
    await wake();
    await retryParked();
    await sweepDuties();
  };
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void sweepDuties().finally(() => (sweeping = false));
  }, deps.sweepIntervalMs ?? 15_000);
  timer.unref();
  let waking = false;
  const waker = setInterval(() => {
    if (waking || closed) return;
    waking = true;
    void Promise.all([wake(), retryParked()]).finally(() => (waking = false));
  }, WAKE_MS);
  waker.unref();

  return {
    caughtUp,
    sweep,
    retryParked,
    reached: async (position, timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (lanes.some((lane) => lane.position < position)) {
        if (Date.now() > deadline) {
          const behind = lanes.filter((lane) => lane.position < position).map((lane) =>
            `${lane.reactor.name} at ${lane.position} (${lane.own ? `alone${lane.own.subscription ? '' : ', waiting'}` : `${lane.queue.length} queued`}${lane.failing ? `, failing at ${lane.failing.position} (${lane.failing.attempts} tries)` : ''})`);
          throw new Error(`reactors did not reach ${position}: ${behind.join('; ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      clearInterval(waker);
      for (const lane of lanes) if (lane.own?.timer) clearTimeout(lane.own.timer);
      if (saveTimer) clearTimeout(saveTimer);
      await Promise.all([
        (feed as Subscription | null)?.close(),
        ...lanes.map((lane) => lane.own?.subscription?.close()),
        ...lanes.map((lane) => lane.draining),
        retrying,
      ]);
      await saveCheckpointsOrLog();
    },
  };
}
