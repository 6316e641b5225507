import type { EventStore } from '@recup/infra/event-store/port';
import type { DocumentWrite, ReadStore, ReadStoreUnit } from '@recup/infra/read-store/port';
import { toDomainEvent, UnknownEventTypeError, type RecordedDomainEvent, type RecordedEvent } from '@recup/shared-events';
import { documentIdsOf, type ProjectedDoc, type Projection } from './projection';
import type { Logger } from './projector';

export const CHECKPOINTS_COLLECTION = 'checkpoints';

export interface CheckpointDocument {
  _id: string;
  position: number;
  version: number;
  [key: string]: unknown;
}

/** The key of `_revisions` under which a projection idempotent by position keeps the last position it folded. */
const ALL_STREAMS = '_all';

/** What one event does to one projection's document. */
type Fold = { changed: false } | { changed: true; next: ProjectedDoc | null };

/** Where a document keeps that it folded `event`: under its stream and revision, or `_all` and its position. */
function revisionMark(projection: Projection, event: RecordedDomainEvent): [key: string, mark: number] {
  return projection.idempotentBy === 'position' ? [ALL_STREAMS, event.position] : [event.streamName, event.revision];
}

/** Whether a document with these `_revisions` has folded this event already (it is then left as it is). */
function foldedAlready(revisions: Record<string, number> | undefined, [key, mark]: [string, number]): boolean {
  return (revisions?.[key] ?? -1) >= mark;
}

/** The `_revisions` of a document once it has folded the event marked `[key, mark]`. */
function revisionsAfter(projection: Projection, revisions: Record<string, number> | undefined, [key, mark]: [string, number]): Record<string, number> {
  if (projection.idempotentBy === 'position') return { [ALL_STREAMS]: mark };
  const next = revisionsCopy(revisions);
  next[key] = mark;
  return next;
}

/**
 * A copy of a document's revisions, held the way V8 holds a dictionary (an object without prototype). Their keys
 * are stream names, a new one for nearly every document: as an ordinary object, each would get hidden classes of
 * its own, one per key added (100,000 bookings, 100,000 hidden classes kept, and a slow fold). Read by key only.
 */
function revisionsCopy(revisions: Record<string, number> | undefined): Record<string, number> {
  const copy = Object.create(null) as Record<string, number>;
  if (revisions) for (const stream of Object.keys(revisions)) copy[stream] = revisions[stream]!;
  return copy;
}

/**
 * Folds one event into one document, once: a document that already folded this revision of this stream is
 * left as it is. The incremental projector goes through here; the batch rebuild applies the same three rules
 * (`foldedAlready`, `evolve`, `revisionsAfter`) to documents it keeps apart from their revisions, and the
 * verification compares the two.
 */
export function foldEvent(projection: Projection, id: string, doc: ProjectedDoc | null, event: RecordedDomainEvent): Fold {
  const mark = revisionMark(projection, event);
  if (doc && foldedAlready(doc._revisions, mark)) return { changed: false };
  const next = projection.evolve(doc, event);
  if (next === null) return doc ? { changed: true, next: null } : { changed: false };
  return { changed: true, next: storedDocument(next, id, revisionsAfter(projection, doc?._revisions, mark)) };
}

/**
 * The document as the read store keeps it: `evolve`'s output with its `_id` and `_revisions`. Built `_id` first
 * and the rest spread after it, not as `{ ...next, _revisions }`: V8 (Node 20) gives every object built by a
 * spread followed by a new property a hidden class of its own, and an embedded store keeps 100,000 bookings
 * (their hidden classes and descriptor arrays were 85 MB of a 215 MB heap). Built this way they share one.
 */
function storedDocument(next: Omit<ProjectedDoc, '_revisions'>, id: string, revisions: Record<string, number>): ProjectedDoc {
  const stored = { _id: id, ...next, _revisions: revisions } as ProjectedDoc;
  stored._id = id; // whatever `next` said: the document's id is the one the event named
  return stored;
}

/**
 * The event as projections read it, or null when none can: an unknown type is passed over quietly (a newer
 * writer's event), malformed data is logged. A fixed upcaster and a rebuild repair either.
 */
export function decodeEvent(recorded: RecordedEvent, logger?: Logger): RecordedDomainEvent | null {
  try {
    return toDomainEvent(recorded);
  } catch (error) {
    if (!(error instanceof UnknownEventTypeError)) logger?.error(`event ${recorded.id} (${recorded.type}) at ${recorded.position} is malformed`, error);
    return null;
  }
}

export interface RebuildProgress {
  phase: 'replaying' | 'writing';
  /** Events replayed so far. */
  done: number;
  /**
   * Events to replay: exact on a log whose positions follow each other (the embedded one), estimated from
   * positions otherwise; it grows when events are appended during the rebuild.
   */
  total: number;
  /** Documents written so far and to write, in the `writing` phase. */
  written: number;
  documents: number;
  elapsedMs: number;
  eventsPerSecond: number;
  /** Time left at the current rate, or null before there is a rate. */
  etaMs: number | null;
}

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /**
   * `swap` (the default): the rebuilt collections replace the live ones once caught up, and the checkpoints
   * move to where the rebuild stopped. `aside`: they stay beside the live ones under `<collection><suffix>`.
   */
  mode?: 'swap' | 'aside';
  /** Appended to each collection name while building. */
  suffix?: string;
  /** Events read from the log at a time. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  logger?: Logger;
}

interface RebuiltProjection {
  name: string;
  version: number;
  /** The live collection. */
  collection: string;
  /** Where the documents are now: the live collection after a swap, the one aside otherwise. */
  builtIn: string;
  documents: number;
}

export interface RebuildResult {
  /** Global position of the last event folded into the rebuilt collections. */
  position: number;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
  projections: RebuiltProjection[];
}

const REBUILD_SUFFIX = '__rebuild';
/** Documents written in one call to the store (one bulk write on MongoDB). */
const WRITE_BATCH = 1000;
/** Appends keep coming on a busy log: after this many catch-up passes the swap happens anyway, and the last pass follows it. */
const MAX_CATCH_UP_PASSES = 5;

interface Target {
  projection: Projection;
  collection: string;
  /** Each document folded so far, by id. */
  entries: Map<string, Entry>;
  /** The entries changed since the last write, in the order they were first changed. */
  dirty: Entry[];
}

/** One document of a rebuild, as it stands. */
interface Entry {
  id: string;
  /**
   * The document as `evolve` gave it (null once deleted), without `_id` and `_revisions`: those are kept apart and
   * put on the copy written, so that a fold does not copy the document again (a course's revisions hold one entry
   * per booking stream that touched it).
   */
  doc: Omit<ProjectedDoc, '_revisions'> | null;
  /** Changed in place, unless `revisionsWritten`. */
  revisions: Record<string, number> | null;
  /** Whether `revisions` went to the store with the document written last: the next fold changes a copy. */
  revisionsWritten: boolean;
  /** Whether it is in its target's `dirty`. */
  dirty: boolean;
}

/**
 * Rebuilds projections from the whole log: replays it once in batches, folding every event into documents
 * held in memory (no read-before-write per event), writes them into fresh collections, catches up with
 * what was appended meanwhile, then swaps the fresh collections in. Readers never see a half-built model.
 * Used by the projector when a projection's version changes and by `npm run projections`.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const rebuild = await ProjectionRebuild.start(options);
  await rebuild.catchUp();
  if ((options.mode ?? 'swap') === 'swap') await rebuild.swap();
  return rebuild.result();
}

/** One rebuild in progress: the documents stay in memory, so that later events fold on top of them. */
export class ProjectionRebuild {
  private position = 0;
  private events = 0;
  private head = 0;
  private readonly started = performance.now();
  private readonly targets: Target[];
  private swapped = false;

  private constructor(private readonly options: RebuildOptions) {
    const suffix = options.suffix ?? REBUILD_SUFFIX;
    this.targets = options.projections.map((projection) => ({ projection, collection: `${projection.collection}${suffix}`, entries: new Map(), dirty: [] }));
  }

  /** Empties the collections aside, replays the log as it stands and writes the documents. */
  static async start(options: RebuildOptions): Promise<ProjectionRebuild> {
    const rebuild = new ProjectionRebuild(options);
    for (const target of rebuild.targets) {
      await options.readStore.dropCollection(target.collection);
      for (const keys of target.projection.indexes) await options.readStore.collection(target.collection).createIndex(keys);
    }
    rebuild.head = await options.eventStore.headPosition();
    await rebuild.replay();
    await rebuild.write();
    return rebuild;
  }

  /** Position of the last event folded. */
  get at(): number {
    return this.position;
  }

  /** The collection holding `projection`'s rebuilt documents. */
  collectionOf(projection: Projection): string {
    return this.swapped ? projection.collection : this.targets.find((t) => t.projection.name === projection.name)!.collection;
  }

  /** Folds and writes what was appended since, until a pass finds nothing new (or `until` is reached). */
  async catchUp(until?: number): Promise<void> {
    for (let pass = 0; pass < MAX_CATCH_UP_PASSES; pass += 1) {
      const before = this.events;
      this.head = Math.max(this.head, await this.options.eventStore.headPosition());
      await this.replay(until);
      await this.write();
      if (this.events === before || (until !== undefined && this.position >= until)) return;
    }
  }

  /** Puts the rebuilt collections in place of the live ones and moves their checkpoints. */
  async swap(): Promise<void> {
    const { readStore } = this.options;
    const existing = new Set(await readStore.listCollections());
    for (const target of this.targets) {
      const { projection } = target;
      if (existing.has(target.collection)) await readStore.renameCollection(target.collection, projection.collection);
      else {
        // Nothing was ever written aside (no document, no index): the live collection is simply emptied.
        await readStore.dropCollection(projection.collection);
        for (const keys of projection.indexes) await readStore.collection(projection.collection).createIndex(keys);
      }
      target.collection = projection.collection;
    }
    this.swapped = true;
    // Events appended between the last catch-up and the swap are folded into the swapped-in collections,
    // in one unit with the checkpoints that cover them.
    await this.replay();
    await readStore.unitOfWork(async (unit) => {
      await this.write(unit);
      const checkpoints = unit.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
      for (const { projection } of this.targets) {
        await checkpoints.replaceOne({ _id: projection.name }, { _id: projection.name, position: this.position, version: projection.version }, { upsert: true });
      }
    });
    for (const target of this.targets) clean(target);
  }

  /** Drops the collections aside (after a verification). */
  async discard(): Promise<void> {
    if (this.swapped) return;
    for (const target of this.targets) await this.options.readStore.dropCollection(target.collection);
  }

  result(): RebuildResult {
    const elapsedMs = performance.now() - this.started;
    return {
      position: this.position,
      events: this.events,
      elapsedMs,
      eventsPerSecond: rate(this.events, elapsedMs),
      projections: this.targets.map((t) => ({
        name: t.projection.name,
        version: t.projection.version,
        collection: t.projection.collection,
        builtIn: t.collection,
        documents: [...t.entries.values()].filter((entry) => entry.doc !== null).length,
      })),
    };
  }

  private async replay(until?: number) {
    const { eventStore, logger } = this.options;
    const batchSize = this.options.batchSize ?? 1000;
    // Read ahead of the fold where the store can (the embedded one reads a long log on a thread of its own).
    for await (const batch of eventStore.readAllPages({ after: this.position, pageSize: batchSize })) {
      for (const recorded of batch) {
        if (until !== undefined && recorded.position > until) return;
        const event = decodeEvent(recorded, logger);
        if (event) for (const target of this.targets) this.fold(target, event);
        this.position = recorded.position;
        this.events += 1;
      }
      this.head = Math.max(this.head, this.position);
      this.report('replaying', 0, 0);
    }
  }

  /** `foldEvent`'s rules, on a document kept apart from its revisions. */
  private fold(target: Target, event: RecordedDomainEvent) {
    const { projection } = target;
    const ids = documentIdsOf(projection, event);
    if (ids.length === 0) return;
    const mark = revisionMark(projection, event);
    for (const id of ids) {
      let entry = target.entries.get(id);
      if (entry?.doc && foldedAlready(entry.revisions ?? undefined, mark)) continue;
      const doc = entry?.doc ?? null;
      const next = projection.evolve(doc as ProjectedDoc | null, event);
      if (next === null && !doc) continue;
      if (!entry) target.entries.set(id, (entry = { id, doc: null, revisions: null, revisionsWritten: false, dirty: false }));
      if (next === null) {
        entry.doc = null;
        entry.revisions = null;
      } else {
        entry.doc = next;
        // Idempotent by position, `_all` is the one entry (revisionsAfter): setting it is the same.
        if (entry.revisions && doc) {
          if (entry.revisionsWritten) entry.revisions = revisionsCopy(entry.revisions);
          entry.revisions[mark[0]] = mark[1];
        } else entry.revisions = revisionsAfter(projection, undefined, mark);
        entry.revisionsWritten = false;
      }
      if (!entry.dirty) {
        entry.dirty = true;
        target.dirty.push(entry);
      }
    }
  }

  /** Writes the documents changed since the last write, a batch per call; they stay due until the writes succeed. */
  private async write(store: ReadStoreUnit = this.options.readStore) {
    const documents = this.targets.reduce((sum, t) => sum + t.dirty.length, 0);
    let written = 0;
    for (const target of this.targets) {
      const collection = store.collection<ProjectedDoc>(target.collection);
      for (let i = 0; i < target.dirty.length; i += WRITE_BATCH) {
        const batch = target.dirty.slice(i, i + WRITE_BATCH);
        // The store may keep what it is given as it is: the revisions are not changed here after this (the next fold
        // changes a copy), and neither is the document (evolve makes a new one).
        await collection.writeMany(batch.map((entry): DocumentWrite<ProjectedDoc> => {
          if (!entry.doc) return { delete: entry.id };
          entry.revisionsWritten = true;
          return { replace: storedDocument(entry.doc, entry.id, entry.revisions ?? revisionsCopy(undefined)) };
        }), { handOver: true });
        written += batch.length;
        this.report('writing', written, documents);
      }
    }
    if (store === this.options.readStore) for (const target of this.targets) clean(target);
  }

  private report(phase: RebuildProgress['phase'], written: number, documents: number) {
    if (!this.options.onProgress) return;
    const elapsedMs = performance.now() - this.started;
    // Positions count events on the embedded log; elsewhere they only order them, so the total is scaled.
    const total = this.position > 0 ? Math.max(this.events, Math.round((this.events * this.head) / this.position)) : this.head;
    const eventsPerSecond = rate(this.events, elapsedMs);
    const etaMs = eventsPerSecond > 0 ? ((total - this.events) / eventsPerSecond) * 1000 : null;
    this.options.onProgress({ phase, done: this.events, total, written, documents, elapsedMs, eventsPerSecond, etaMs });
  }
}

/** `12000 / 100000 events, 8500 events/s, 10 s left` (for logs; the CLI renders its own line). */
export function describeProgress(progress: RebuildProgress): string {
  const left = progress.etaMs === null ? '' : `, ${Math.ceil(progress.etaMs / 1000)} s left`;
  if (progress.phase === 'writing') return `writing ${progress.written} / ${progress.documents} documents`;
  return `${progress.done} / ${progress.total} events, ${Math.round(progress.eventsPerSecond)} events/s${left}`;
}

/** Marks a target's documents as written. */
function clean(target: Target) {
  for (const entry of target.dirty) entry.dirty = false;
  target.dirty = [];
}

function rate(events: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (events * 1000) / elapsedMs : 0;
}
