import type { EventStore, Subscription } from '@recup/infra/event-store/port';
import type { Collection, Doc } from '@recup/infra/read-store/port';
import { toDomainEvent, UnknownEventTypeError, type RecordedDomainEvent } from '@recup/shared-events';

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

export async function startReactors(deps: {
  eventStore: EventStore;
  checkpoints: Collection<ReactorCheckpoint>;
  reactors: readonly Reactor[];
  now: () => Date;
  sweepIntervalMs?: number;
  logger?: Logger;
}): Promise<RunningReactors> {
  const logger = deps.logger ?? { error: (m, e) => console.error(m, e) };
  const subscriptions: Subscription[] = [];
  const caughtUp: Promise<void>[] = [];
  const positions = new Map<string, number>();
  let closed = false;

  for (const reactor of deps.reactors) {
    const id = `reactor:${reactor.name}`;
    const stored = await deps.checkpoints.findOne({ _id: id });
    let position = stored?.position ?? 0;
    positions.set(reactor.name, position);
    let settle: () => void = () => {};
    caughtUp.push(new Promise((resolve) => (settle = resolve)));
    const subscribe = () => {
      subscriptions.push(deps.eventStore.subscribeToAll({ after: position }, {
        onEvent: async (recorded) => {
          let event: RecordedDomainEvent | null = null;
          try {
            event = toDomainEvent(recorded);
          } catch (error) {
            if (!(error instanceof UnknownEventTypeError)) logger.error(`${reactor.name}: event ${recorded.id} is malformed`, error);
          }
          if (event) await reactor.handle(event);
          position = recorded.position;
          positions.set(reactor.name, position);
          await deps.checkpoints.replaceOne({ _id: id }, { _id: id, position }, { upsert: true });
        },
        onCaughtUp: () => settle(),
        onError: (error) => {
          if (closed) return;
          logger.error(`reactor ${reactor.name} stopped at ${position}; resubscribing`, error);
          setTimeout(() => !closed && subscribe(), 1000).unref();
        },
      }));
    };
    subscribe();
  }

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
    caughtUp: Promise.all(caughtUp).then(() => undefined),
    sweep,
    reached: async (position, timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (Math.min(...positions.values()) < position) {
        if (Date.now() > deadline) throw new Error(`reactors did not reach ${position}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      await Promise.all(subscriptions.map((s) => s.close()));
    },
  };
}
