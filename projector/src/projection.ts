import type { Doc } from '@recup/infra/read-store/port';
import type { RecordedDomainEvent } from '@recup/shared-events';

/** Every read-model document remembers the last revision it folded of each stream. */
export type ProjectedDoc = Doc & { _revisions: Record<string, number> };

/**
 * A read model: which document an event touches, and a pure `evolve` from the document before (or null) to
 * the document after (or null to delete it). The projector adds idempotency and checkpoints around it.
 * `evolve` changes nothing in the document it is given: the projector hands it the stored document itself, not a
 * copy (a test folds a whole log through every projection with each document frozen).
 */
export interface Projection<D extends ProjectedDoc = ProjectedDoc> {
  readonly name: string;
  /** Bump when `evolve` changes meaning: the projection then rebuilds itself at start. */
  readonly version: number;
  readonly collection: string;
  readonly indexes: ReadonlyArray<Record<string, 1 | -1>>;
  /**
   * How a document recognises an event it already folded: by the revision of the event's stream (the default),
   * or, for a document that folds events of every stream (counters), by the global position of the last event
   * it folded, kept as `_revisions._all`, so that it does not hold one revision per stream.
   */
  readonly idempotentBy?: 'streamRevision' | 'position';
  /** The id of the document this event changes, or null when the projection ignores the event. */
  documentId(event: RecordedDomainEvent): string | null;
  /**
   * For the few events that change several documents at once (a batch of courses published together):
   * their ids. The projector writes them in one unit, so readers see all the changes or none.
   */
  documentIds?(event: RecordedDomainEvent): readonly string[] | null;
  evolve(doc: D | null, event: RecordedDomainEvent): Omit<D, '_revisions'> | null;
}

const NONE: readonly string[] = Object.freeze([]);

/** Every document an event changes in a projection. */
export function documentIdsOf(projection: Projection, event: RecordedDomainEvent): readonly string[] {
  const many = projection.documentIds?.(event);
  if (many) return many;
  const id = projection.documentId(event);
  // Most projections ignore most events: one empty list for all of them.
  return id === null ? NONE : [id];
}
