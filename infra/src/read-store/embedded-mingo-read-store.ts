import { Query, updateOne as mingoUpdateOne } from 'mingo';
import { DuplicateKeyError, type Collection, type Doc, type DocumentWrite, type Filter, type FindOptions, type ReadStore, type ReadStoreUnit, type Update, type UpdateResult } from './port';

/**
 * The embedded read store: documents held in memory per collection and queried with mingo. It is rebuilt
 * from the event log at start, so nothing here is written to disk. Documents are cloned on the way in and
 * out, so a caller never holds a live reference.
 *
 * Equality indexes (and `_id`) narrow the candidates before mingo sees them (mingo scans in O(n) otherwise);
 * the clauses they answer are not tested again, so a long `$in` list costs a lookup per value instead of a
 * scan of the list per document. Sorts on plain values (text, numbers, booleans, null) run in JavaScript,
 * several times faster than mingo's; other sorts are left to mingo.
 *
 * A unit of work keeps an undo journal of the documents it replaces and puts them back when it fails, so
 * its writes stay all or nothing. It does not hide its writes from other readers while it runs (there is
 * one writer, the projector, and a unit lasts one event).
 */
export class EmbeddedMingoReadStore implements ReadStore {
  private readonly collections = new Map<string, EmbeddedCollection>();

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection(name);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async unitOfWork<T>(work: (unit: ReadStoreUnit) => Promise<T>): Promise<T> {
    const journal: UndoEntry[] = [];
    // One journaled view per collection and unit (the projector asks for its collection at every event).
    const views = new Map<string, Collection<Doc>>();
    const view = (name: string) => {
      let found = views.get(name);
      if (!found) views.set(name, (found = journaled(this.collection(name) as unknown as EmbeddedCollection, journal)));
      return found;
    };
    const unit: ReadStoreUnit = {
      collection: <D extends Doc = Doc>(name: string) => view(name) as unknown as Collection<D>,
    };
    try {
      return await work(unit);
    } catch (error) {
      for (const entry of journal.reverse()) entry.collection.restore(entry.id, entry.before);
      throw error;
    }
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()];
  }

  async renameCollection(from: string, to: string): Promise<void> {
    const source = this.collections.get(from);
    if (!source) throw new Error(`No collection ${from}`);
    this.collections.delete(from);
    source.rename(to);
    this.collections.set(to, source);
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}

interface UndoEntry {
  collection: EmbeddedCollection;
  id: string;
  /** The stored document before the write (stored documents are never changed in place), or none. */
  before: Doc | undefined;
}

/**
 * The collection as a unit of work sees it: each call records its writes in the unit's journal. Every
 * method of EmbeddedCollection does its work before its first await (it has none), so the journal is set
 * exactly while that call writes and never catches the writes of another caller.
 */
function journaled(collection: EmbeddedCollection, journal: UndoEntry[]): Collection<Doc> {
  const call = <R>(run: () => Promise<R>): Promise<R> => {
    collection.journal = journal;
    try {
      return run();
    } finally {
      collection.journal = null;
    }
  };
  return {
    get name() {
      return collection.name;
    },
    find: (filter, options) => call(() => collection.find(filter, options)),
    findOne: (filter, options) => call(() => collection.findOne(filter, options)),
    countDocuments: (filter) => call(() => collection.countDocuments(filter)),
    replaceOne: (filter, doc, options) => call(() => collection.replaceOne(filter, doc, options)),
    writeMany: (writes, options) => call(() => collection.writeMany(writes, options)),
    updateOne: (filter, update, options) => call(() => collection.updateOne(filter, update, options)),
    updateMany: (filter, update) => call(() => collection.updateMany(filter, update)),
    deleteOne: (filter) => call(() => collection.deleteOne(filter)),
    deleteMany: (filter) => call(() => collection.deleteMany(filter)),
    createIndex: (keys, options) => call(() => collection.createIndex(keys, options)),
  };
}

interface Index {
  field: string;
  unique: boolean;
  entries: Map<string, Set<string>>;
}

class EmbeddedCollection implements Collection<Doc> {
  private readonly docs = new Map<string, Doc>();
  private readonly indexes: Index[] = [];
  /** The undo journal of the unit of work whose call is running, if any. */
  journal: UndoEntry[] | null = null;

  constructor(public name: string) {}

  rename(to: string) {
    this.name = to;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<Doc[]> {
    const start = options.skip ?? 0;
    const end = options.limit ? start + options.limit : undefined;
    let found = this.match(filter);
    if (options.sort) found = sortDocuments(found, options.sort, end);
    const page = found.slice(start, end);
    const fields = options.projection && Object.keys(options.projection);
    // A projection copies only the fields asked for: a list of ids costs no copy of whole documents.
    if (fields) return page.map((doc) => clone(Object.fromEntries([['_id', doc._id], ...fields.filter((f) => f in doc).map((f) => [f, doc[f]])]) as Doc));
    return page.map(clone);
  }

  async findOne(filter: Filter, options: { shared?: boolean } = {}): Promise<Doc | null> {
    const found = this.match(filter, 1)[0];
    if (!found) return null;
    return options.shared ? found : clone(found);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const { ids, rest } = this.narrowIds(filter);
    if (rest === null) return ids === null ? this.docs.size : ids.size;
    return this.match(filter).length;
  }

  async replaceOne(filter: Filter, doc: Doc, options: { upsert?: boolean; handOver?: boolean } = {}): Promise<UpdateResult> {
    const existing = this.match(filter, 1)[0];
    const kept = options.handOver ? doc : clone(doc);
    if (!existing) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      this.put(kept);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
    }
    if (doc._id !== existing._id) throw new Error('replaceOne cannot change _id');
    this.put(kept, existing);
    return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
  }

  /** No lookup by filter and no promise per document: each write goes straight to its `_id`. */
  async writeMany(writes: ReadonlyArray<DocumentWrite>, options: { handOver?: boolean } = {}): Promise<void> {
    for (const write of writes) {
      if ('delete' in write) {
        const existing = this.docs.get(write.delete);
        if (existing) this.remove(existing);
      } else this.put(options.handOver ? write.replace : clone(write.replace));
    }
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const existing = this.match(filter, 1)[0];
    if (!existing) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const seed = equalityFields(filter);
      const doc = applyUpdate({ ...seed, _id: typeof seed._id === 'string' ? seed._id : crypto.randomUUID() } as Doc, update);
      this.put(doc);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
    }
    const next = applyUpdate(clone(existing), update);
    const modified = JSON.stringify(next) !== JSON.stringify(existing);
    if (modified) this.put(next, existing);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const matched = this.match(filter);
    let modifiedCount = 0;
    for (const existing of matched) {
      const next = applyUpdate(clone(existing), update);
      if (JSON.stringify(next) !== JSON.stringify(existing)) {
        this.put(next, existing);
        modifiedCount += 1;
      }
    }
    return { matchedCount: matched.length, modifiedCount, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const existing = this.match(filter, 1)[0];
    if (!existing) return { deletedCount: 0 };
    this.remove(existing);
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    const matched = this.match(filter);
    for (const doc of matched) this.remove(doc);
    return { deletedCount: matched.length };
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    const field = Object.keys(keys)[0];
    if (!field || field === '_id' || this.indexes.some((i) => i.field === field)) return;
    const index: Index = { field, unique: options.unique ?? false, entries: new Map() };
    for (const doc of this.docs.values()) addToIndex(this.name, index, doc);
    this.indexes.push(index);
  }

  private match(filter: Filter, limit?: number): Doc[] {
    const byId = onlyId(filter);
    if (byId !== undefined) {
      // The most common filter of all (every write of the projector): one lookup, nothing to narrow or test.
      const doc = this.docs.get(byId);
      return doc ? [doc] : [];
    }
    const { candidates, rest } = this.narrow(filter);
    if (rest === null) return limit === undefined ? candidates : candidates.slice(0, limit);
    const query = new Query(rest, {});
    const out: Doc[] = [];
    for (const doc of candidates) {
      if (query.test(doc)) {
        out.push(doc);
        if (limit !== undefined && out.length >= limit) break;
      }
    }
    return out;
  }

  /**
   * The documents that can match, narrowed by `_id` and by every indexed field the filter asks for by
   * equality or `$in` (their intersection), and what is left of the filter to test on them (null: nothing).
   * A narrowed clause holds for every candidate, as MongoDB's equality does, arrays included (an index holds
   * an array under each element and as a whole), so it is not tested again.
   */
  private narrow(filter: Filter): { candidates: Doc[]; rest: Filter | null } {
    const { ids, rest } = this.narrowIds(filter);
    const candidates = ids === null ? [...this.docs.values()] : [...ids].map((docId) => this.docs.get(docId)!).filter(Boolean);
    return { candidates, rest };
  }

  private narrowIds(filter: Filter): { ids: ReadonlySet<string> | null; rest: Filter | null } {
    const rest: Filter = { ...filter };
    const sets: ReadonlySet<string>[] = [];
    const idValues = equalityValues(filter._id);
    if (idValues) {
      sets.push(new Set(idValues.filter((value): value is string => typeof value === 'string' && this.docs.has(value))));
      delete rest._id;
    }
    for (const index of this.indexes) {
      const values = equalityValues(filter[index.field]);
      if (!values) continue;
      if (values.length === 1) sets.push(index.entries.get(indexKey(values[0])) ?? new Set());
      else {
        const found = new Set<string>();
        for (const value of values) for (const docId of index.entries.get(indexKey(value)) ?? []) found.add(docId);
        sets.push(found);
      }
      delete rest[index.field];
    }
    const restOrNull = Object.keys(rest).length === 0 ? null : rest;
    if (sets.length === 0) return { ids: null, rest: restOrNull };
    sets.sort((a, b) => a.size - b.size);
    const [smallest, ...others] = sets as [ReadonlySet<string>, ...ReadonlySet<string>[]];
    const ids = others.length === 0 ? smallest : new Set([...smallest].filter((id) => others.every((set) => set.has(id))));
    return { ids, rest: restOrNull };
  }

  private put(doc: Doc, previous?: Doc) {
    for (const index of this.indexes) {
      if (!index.unique) continue;
      for (const key of indexKeys(getPath(doc, index.field))) {
        const holders = index.entries.get(key);
        if (holders && [...holders].some((holder) => holder !== doc._id)) {
          throw new DuplicateKeyError(this.name, `${index.field}=${key}`);
        }
      }
    }
    this.journal?.push({ collection: this, id: doc._id, before: this.docs.get(doc._id) });
    if (previous) this.unindex(previous);
    else if (this.docs.has(doc._id)) this.unindex(this.docs.get(doc._id)!);
    this.docs.set(doc._id, doc);
    for (const index of this.indexes) addToIndex(this.name, index, doc);
  }

  /** Puts a document back as it was before a failed unit of work (or removes it when it did not exist). */
  restore(id: string, before: Doc | undefined) {
    const current = this.docs.get(id);
    if (current) this.unindex(current);
    if (!before) {
      this.docs.delete(id);
      return;
    }
    this.docs.set(id, before);
    for (const index of this.indexes) {
      for (const key of indexKeys(getPath(before, index.field))) {
        let ids = index.entries.get(key);
        if (!ids) index.entries.set(key, (ids = new Set()));
        ids.add(id);
      }
    }
  }

  private remove(doc: Doc) {
    this.journal?.push({ collection: this, id: doc._id, before: this.docs.get(doc._id) });
    this.unindex(doc);
    this.docs.delete(doc._id);
  }

  private unindex(doc: Doc) {
    for (const index of this.indexes) {
      for (const key of indexKeys(getPath(doc, index.field))) index.entries.get(key)?.delete(doc._id);
    }
  }
}

function addToIndex(collection: string, index: Index, doc: Doc) {
  for (const key of indexKeys(getPath(doc, index.field))) {
    let ids = index.entries.get(key);
    if (!ids) {
      ids = new Set();
      index.entries.set(key, ids);
    }
    if (index.unique && ids.size > 0 && !ids.has(doc._id)) throw new DuplicateKeyError(collection, `${index.field}=${key}`);
    ids.add(doc._id);
  }
}

/** The id a filter asks for when it is `{ _id: 'an id' }` and nothing else. */
function onlyId(filter: Filter): string | undefined {
  let id: string | undefined;
  for (const key in filter) {
    if (key !== '_id' || typeof filter._id !== 'string') return undefined;
    id = filter._id;
  }
  return id;
}

/** The values a filter clause accepts by plain equality, or null when the clause is anything else. */
function equalityValues(clause: unknown): unknown[] | null {
  if (clause === undefined) return null;
  if (clause === null || typeof clause !== 'object' || clause instanceof Date) return [clause];
  if (Array.isArray(clause)) return null;
  const keys = Object.keys(clause);
  if (keys.length !== 1) return null;
  const record = clause as Record<string, unknown>;
  if ('$eq' in record) return [record.$eq];
  if ('$in' in record && Array.isArray(record.$in)) return record.$in;
  return null;
}

function equalityFields(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || key.includes('.')) continue;
    const values = equalityValues(value);
    if (values?.length === 1) seed[key] = values[0];
  }
  return seed;
}

function applyUpdate(doc: Doc, update: Update): Doc {
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    throw new Error('An update document must only use update operators ($set, $inc, ...)');
  }
  const holder = [doc];
  mingoUpdateOne(holder, {}, update as never, { cloneMode: 'deep' });
  return holder[0]!;
}

function getPath(doc: Doc, path: string): unknown {
  // A top-level field, as nearly every index's: no split.
  if (!path.includes('.')) return doc[path];
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The key a value is indexed under. Text, the most common, is prefixed with `s` rather than serialized (no JSON
 * text starts with `s`, so it cannot meet another value's key); anything else is its JSON.
 */
function indexKey(value: unknown): string {
  return typeof value === 'string' ? `s${value}` : JSON.stringify(value ?? null);
}

/** As MongoDB's multikey indexes: an array is indexed under each of its elements, and as a whole. */
function indexKeys(value: unknown): string[] {
  if (!Array.isArray(value)) return [indexKey(value)];
  return [indexKey(value), ...value.map(indexKey)];
}

/** MongoDB's order of types when sorting, for the plain values the JavaScript path sorts. */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 3;
  return -1;
}

/**
 * Sorts as MongoDB does: missing and null first, then numbers, text, booleans; ties keep the stored order.
 * Only the first `keep` are needed for a page: they are picked in one pass (O(n log keep)) instead of sorting
 * everything. Values of other kinds (arrays, objects, dates) are left to mingo, which knows their rules.
 */
function sortDocuments(docs: Doc[], sort: Record<string, 1 | -1>, keep = docs.length): Doc[] {
  const fields = Object.entries(sort).map(([field, direction]) => ({ parts: field.split('.'), direction }));
  const mingoSort = () => new Query({}, {}).find<Doc>(docs).sort(sort).all();
  type Keyed = { doc: Doc; keys: unknown[] };
  const keyed = (doc: Doc): Keyed | null => {
    const keys = fields.map(({ parts }) => valueAt(doc, parts));
    return keys.every((key) => typeRank(key) >= 0) ? { doc, keys } : null;
  };
  const compare = (a: Keyed, b: Keyed) => {
    for (let i = 0; i < fields.length; i += 1) {
      const x = a.keys[i];
      const y = b.keys[i];
      const rank = typeRank(x) - typeRank(y);
      const order = rank !== 0 ? rank : x === y || (x == null && y == null) ? 0 : (x as number | string) < (y as number | string) ? -1 : 1;
      if (order !== 0) return order * fields[i]!.direction;
    }
    return 0;
  };
  if (keep >= docs.length / 4) {
    const all: Keyed[] = [];
    for (const doc of docs) {
      const entry = keyed(doc);
      if (!entry) return mingoSort();
      all.push(entry);
    }
    return all.sort(compare).map(({ doc }) => doc);
  }
  // The best `keep` so far, in order. Most documents lose to the last kept one: they are compared through one
  // scratch entry, without allocating. Documents stored in about the sort's reverse order (newest first over a
  // log stored oldest first) are read from the end, so that few of them displace another.
  const scratch: Keyed = { doc: docs[0]!, keys: new Array<unknown>(fields.length) };
  const load = (doc: Doc) => {
    scratch.doc = doc;
    for (let i = 0; i < fields.length; i += 1) {
      const key = valueAt(doc, fields[i]!.parts);
      if (typeRank(key) < 0) return false;
      scratch.keys[i] = key;
    }
    return true;
  };
  if (!load(docs[0]!)) return mingoSort();
  const first: Keyed = { doc: scratch.doc, keys: [...scratch.keys] };
  if (!load(docs[docs.length - 1]!)) return mingoSort();
  const fromEnd = compare(scratch, first) < 0;
  // Ties keep the stored order: read forwards, a newcomer goes after its equals; read backwards, before them.
  const wins = (order: number) => (fromEnd ? order <= 0 : order < 0);
  const best: Keyed[] = [];
  for (let n = 0; n < docs.length; n += 1) {
    if (!load(docs[fromEnd ? docs.length - 1 - n : n]!)) return mingoSort();
    if (best.length === keep && !wins(compare(scratch, best[keep - 1]!))) continue;
    const entry: Keyed = { doc: scratch.doc, keys: [...scratch.keys] };
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (wins(compare(entry, best[middle]!))) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, entry);
    if (best.length > keep) best.pop();
  }
  return best.map(({ doc }) => doc);
}

function valueAt(doc: Doc, parts: readonly string[]): unknown {
  let value: unknown = doc;
  for (const part of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
