import type { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import type { EventStore, Subscription } from '@recup/infra/event-store/port';
import type { ReadStore, ReadStoreUnit } from '@recup/infra/read-store/port';
import type { RecordedDomainEvent, RecordedEvent } from '@recup/shared-events';
import { documentIdsOf, type ProjectedDoc, type Projection } from './projection';
import { allProjections } from './projections';
import { CHECKPOINTS_COLLECTION, decodeEvent, describeProgress, foldEvent, rebuildProjections, type CheckpointDocument } from './rebuild';

export { CHECKPOINTS_COLLECTION, type CheckpointDocument } from './rebuild';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface ProjectorDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  progress?: Pick<InProcessProjectionProgress, 'advance'>;
  logger?: Logger;
  projections?: readonly Projection[];
  /** Wait before resubscribing after a failure. */
  retryDelayMs?: number;
  /**
   * The read store answers in memory (the embedded one, in the process that appends): this process's appends are
   * acknowledged once projected, so that whoever is answered reads their own write at once (`SubscribeOptions.prompt`).
   */
  prompt?: boolean;
}

export interface RunningProjector {
  /** Resolves once every stored event has been projected. */
  caughtUp: Promise<void>;
  /** Position of the last event every projection has handled. */
  position(): number;
  close(): Promise<void>;
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Applies one event to one projection's document, once: a document that already folded this revision of
 * this stream is left as it is, so delivering an event twice has the effect of delivering it once.
 */
export async function applyEvent(readStore: ReadStoreUnit, projection: Projection, event: RecordedDomainEvent): Promise<boolean> {
  const collection = readStore.collection<ProjectedDoc>(projection.collection);
  let changed = false;
  for (const id of documentIdsOf(projection, event)) {
    // The stored document itself, not a copy: a fold changes nothing in it (`evolve` returns a new document).
    const fold = foldEvent(projection, id, await collection.findOne({ _id: id }, { shared: true }), event);
    if (!fold.changed) continue;
    if (fold.next === null) await collection.deleteOne({ _id: id });
    // The fold is a new document (parts of the stored one, which nobody changes, and the event): the store may keep it as it is.
    else await collection.replaceOne({ _id: id }, fold.next, { upsert: true, handOver: true });
    changed = true;
  }
  return changed;
}

/** A projection's checkpoint is written at least once for this many events that changed none of its documents. */
const CHECKPOINT_EVERY_EVENTS = 500;

/**
 * One subscription to the whole log, from the lowest stored checkpoint. Each projection keeps its own
 * checkpoint, written in one unit of work with the documents an event changed: a restart never finds documents
 * ahead of their checkpoint. An event that changes none of a projection's documents (most events, for most
 * projections) writes nothing: its checkpoint follows every `CHECKPOINT_EVERY_EVENTS` events and whenever the
 * projector has caught up with the log. A restart may so deliver again events that changed nothing, which
 * change nothing again (each document knows the revisions it folded). A projection
 * whose version changed is rebuilt first (`rebuildProjections`, as `npm run projections -- rebuild` does),
 * then follows the log from where the rebuild stopped.
 */
export async function startProjector(deps: ProjectorDeps): Promise<RunningProjector> {
  const { eventStore, readStore } = deps;
  const logger = deps.logger ?? silent;
  const projections = deps.projections ?? allProjections;
  const checkpoints = readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  const positions = new Map<string, number>();

  const changed: Projection[] = [];
  for (const projection of projections) {
    const stored = await checkpoints.findOne({ _id: projection.name });
    if (!stored || stored.version !== projection.version) {
      // A new read store (the embedded one at every start) is built in batches, about eight times faster than event by event.
      if (stored) logger.warn(`projection ${projection.name} changed from version ${stored.version} to ${projection.version}: rebuilding it`);
      changed.push(projection);
      continue;
    }
    for (const keys of projection.indexes) await readStore.collection(projection.collection).createIndex(keys);
    const position = stored?.position ?? 0;
    positions.set(projection.name, position);
    await checkpoints.replaceOne({ _id: projection.name }, { _id: projection.name, position, version: projection.version }, { upsert: true });
  }
  if (changed.length > 0) {
    const names = changed.map((p) => p.name).join(', ');
    let lastLog = performance.now();
    const rebuilt = await rebuildProjections({
      eventStore, readStore, projections: changed, logger,
      onProgress: (progress) => {
        if (performance.now() - lastLog < 5000) return;
        lastLog = performance.now();
        logger.info(`rebuilding ${names}: ${describeProgress(progress)}`);
      },
    });
    if (rebuilt.events > 0) logger.info(`rebuilt ${names}: ${rebuilt.events} events in ${Math.round(rebuilt.elapsedMs)} ms`);
    for (const projection of changed) positions.set(projection.name, rebuilt.position);
  }

  const lowest = () => Math.min(...positions.values());
  let settleCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    settleCaughtUp = resolve;
  });
  let subscription: Subscription | null = null;
  let closed = false;

  /** Where each projection's stored checkpoint stands. */
  const written = new Map(positions);
  const writeCheckpoint = (unit: ReadStoreUnit, projection: Projection, position: number) =>
    unit.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).replaceOne({ _id: projection.name }, { _id: projection.name, position, version: projection.version }, { upsert: true, handOver: true });
  /** Units of work run one after the other: an event's, and the checkpoints written on catching up. */
  let lastUnit: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = lastUnit.then(work, work);
    lastUnit = result.catch(() => undefined);
    return result;
  };

  const handle = (recorded: RecordedEvent) => inTurn(async () => {
    // An event no projection can read is passed over; a fixed upcaster and a rebuild repair it.
    const event = decodeEvent(recorded, logger);
    const due = projections.filter((projection) => recorded.position > positions.get(projection.name)!);
    const concerned = event ? due.filter((projection) => documentIdsOf(projection, event).length > 0) : [];
    const checkpointDue = due.filter((projection) => recorded.position - written.get(projection.name)! >= CHECKPOINT_EVERY_EVENTS);
    if (concerned.length > 0 || checkpointDue.length > 0) {
      const wrote = await readStore.unitOfWork(async (unit) => {
        const kept: Projection[] = [];
        for (const projection of due) {
          const changed = concerned.includes(projection) && (await applyEvent(unit, projection, event!));
          if (!changed && !checkpointDue.includes(projection)) continue;
          await writeCheckpoint(unit, projection, recorded.position);
          kept.push(projection);
        }
        return kept;
      });
      // Only once the unit is kept: it may have been run more than once.
      for (const projection of wrote) written.set(projection.name, recorded.position);
    }
    for (const projection of due) positions.set(projection.name, recorded.position);
    deps.progress?.advance(recorded.position);
  });

  /** Caught up: every checkpoint that lags behind what its projection has handled is written. */
  const writeLaggingCheckpoints = () => inTurn(async () => {
    const lagging = projections.filter((projection) => positions.get(projection.name)! > written.get(projection.name)!);
    if (lagging.length === 0) return;
    const at = new Map(lagging.map((projection) => [projection.name, positions.get(projection.name)!]));
    await readStore.unitOfWork(async (unit) => {
      for (const projection of lagging) await writeCheckpoint(unit, projection, at.get(projection.name)!);
    });
    for (const [name, position] of at) written.set(name, position);
  });

  const subscribe = () => {
    subscription = eventStore.subscribeToAll({ after: lowest(), prompt: deps.prompt ?? false }, {
      onEvent: handle,
      onCaughtUp: (position) => {
        deps.progress?.advance(position);
        void writeLaggingCheckpoints().then(settleCaughtUp, (error: unknown) => {
          logger.error('projector could not write its checkpoints', error);
          settleCaughtUp();
        });
      },
      onError: (error) => {
        if (closed) return;
        logger.error(`projector stopped at ${lowest()}; resubscribing`, error);
        setTimeout(() => {
          if (!closed) subscribe();
        }, deps.retryDelayMs ?? 1000).unref();
      },
    });
  };
  deps.progress?.advance(lowest());
  subscribe();

  return {
    caughtUp,
    position: lowest,
    close: async () => {
      closed = true;
      await subscription?.close();
      await lastUnit;
    },
  };
}
