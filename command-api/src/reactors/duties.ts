import type { Collection, Doc, ReadStore } from '@recup/infra/read-store/port';

export const REACTOR_DUTIES_COLLECTION = 'reactorDuties';

/** One thing a reactor still has to do, and from when (ms since the epoch). */
export type DutyDoc = Doc & { reactor: string; key: string; dueAt: number; data: Record<string, unknown> };

export interface Duty<T> {
  key: string;
  dueAt: number;
  data: T;
}

/**
 * A reactor's work list, kept in the read store next to its checkpoint, not in memory: a reactor restarted
 * from its stored checkpoint (the distributed mode, MongoDB) resumes every duty the events before it left
 * pending. Writes are idempotent, so an event handled again after a crash changes nothing twice.
 */
export class Duties<T extends Record<string, unknown>> {
  constructor(private readonly collection: Collection<DutyDoc>, private readonly reactor: string) {}

  static collectionOf(readStore: Pick<ReadStore, 'collection'>): Collection<DutyDoc> {
    return readStore.collection<DutyDoc>(REACTOR_DUTIES_COLLECTION);
  }

  static async prepare(collection: Collection<DutyDoc>) {
    await collection.createIndex({ reactor: 1, dueAt: 1 });
  }

  private id(key: string) {
    return `${this.reactor}:${key}`;
  }

  async put(key: string, dueAt: number, data: T) {
    const _id = this.id(key);
    await this.collection.replaceOne({ _id }, { _id, reactor: this.reactor, key, dueAt, data }, { upsert: true });
  }

  /** Adds the duty unless it is already listed (keeping its time). */
  async add(key: string, dueAt: number, data: T) {
    if (!(await this.get(key))) await this.put(key, dueAt, data);
  }

  async get(key: string): Promise<Duty<T> | null> {
    const doc = await this.collection.findOne({ _id: this.id(key) });
    return doc ? { key: doc.key, dueAt: doc.dueAt, data: doc.data as T } : null;
  }

  async reschedule(key: string, dueAt: number) {
    await this.collection.updateOne({ _id: this.id(key) }, { $set: { dueAt } });
  }

  async remove(key: string) {
    await this.collection.deleteOne({ _id: this.id(key) });
  }

  /** Duties due by `now`, oldest first. */
  async due(now: number, limit = 500): Promise<Duty<T>[]> {
    const docs = await this.collection.find({ reactor: this.reactor, dueAt: { $lte: now } }, { sort: { dueAt: 1 }, limit });
    return docs.map((doc) => ({ key: doc.key, dueAt: doc.dueAt, data: doc.data as T }));
  }

  /** Duties whose data has this value in this field. */
  async where(field: keyof T & string, value: string): Promise<Duty<T>[]> {
    const docs = await this.collection.find({ reactor: this.reactor, [`data.${field}`]: value });
    return docs.map((doc) => ({ key: doc.key, dueAt: doc.dueAt, data: doc.data as T }));
  }

  async count(): Promise<number> {
    return this.collection.countDocuments({ reactor: this.reactor });
  }
}
