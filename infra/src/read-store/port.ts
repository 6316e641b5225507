/**
 * The read store port: documents in named collections, queried and updated with MongoDB's query and
 * update language. Production runs it on MongoDB; the embedded default on mingo, in process.
 */
export type Doc = { _id: string } & Record<string, unknown>;

/** A MongoDB filter document (`{ field: value }`, `$eq`, `$in`, `$gte`, `$regex`, `$and`, ...). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document (`$set`, `$unset`, `$inc`, `$push`, ...). */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Only these top-level fields of each document (and `_id`), as MongoDB's inclusion projection: `{ status: 1 }`. */
  projection?: Record<string, 1>;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

/** One write of `writeMany`: the document to put in place of the one with its `_id`, or the `_id` to delete. */
export type DocumentWrite<T extends Doc = Doc> = { replace: T } | { delete: string };

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * `shared`: the caller only reads what it gets, changes nothing in it and keeps it no longer than its own work (the
   * projector's fold): a store that holds documents in memory may hand over its own instead of a copy.
   */
  findOne(filter: Filter, options?: { shared?: boolean }): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  /** Inserts or replaces the whole document with this `_id`. */
  /**
   * `handOver`: the caller gives the document up (it keeps no reference to it, nor to anything in it that it will
   * change): a store that holds documents in memory may keep it as it is instead of copying it.
   */
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean; handOver?: boolean }): Promise<UpdateResult>;
  /**
   * Many whole-document writes by `_id` in one call (a rebuild writes its documents this way): each replaces its
   * document, inserting it when absent, or deletes it. An `_id` appears once at most; the writes are not ordered among
   * themselves, and outside a unit of work a failing one (a duplicate key) leaves the others done, as MongoDB's
   * unordered bulk write does. `handOver` as for `replaceOne`.
   */
  writeMany(writes: ReadonlyArray<DocumentWrite<T>>, options?: { handOver?: boolean }): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  /** Declares an index on one or more fields; equality lookups on its first field stay cheap. */
  createIndex(keys: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void>;
}

/** What a unit of work sees: the collections, every read and write of which belongs to the unit. */
export interface ReadStoreUnit {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
}

export interface ReadStore extends ReadStoreUnit {
  /**
   * Runs `work` as one unit: its writes are kept all together or not at all (a projector writes the
   * documents of an event and the checkpoint that covers them this way). Writes must go through `unit`.
   * `work` may be run again from the start when the store retries a transient conflict, so it must not
   * change anything outside the store before it resolves.
   */
  unitOfWork<T>(work: (unit: ReadStoreUnit) => Promise<T>): Promise<T>;
  listCollections(): Promise<string[]>;
  /** Renames a collection, replacing any collection of the target name (a rebuild's swap). */
  renameCollection(from: string, to: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(readonly collection: string, readonly key: string) {
    super(`Duplicate key in ${collection}: ${key}`);
    this.name = 'DuplicateKeyError';
  }
}
