import type { Collection as MongoCollection, Db } from 'mongodb';
import { assertDutyField, type ParkedEvent, type ProcessorStore, type StoredDuty } from './port';

/** The collections of the processor store: named by no projection, so no rebuild or swap ever drops or replaces them. */
const PROCESSOR_COLLECTIONS = { checkpoints: 'processor_checkpoints', duties: 'processor_duties', parked: 'processor_parked_events' } as const;

/** Where the reactors kept their checkpoints and duties before: read once, when the processor store is still empty. */
const LEGACY = { checkpoints: 'reactorCheckpoints', duties: 'reactorDuties' } as const;

type CheckpointDoc = { _id: string; position: number };
type DutyDoc = { _id: string; reactor: string; key: string; dueAt: number; data: Record<string, unknown> };
type ParkedDoc = Omit<ParkedEvent, 'id'> & { _id: string };

const duty = (doc: DutyDoc): StoredDuty => ({ reactor: doc.reactor, key: doc.key, dueAt: doc.dueAt, data: doc.data });
const parked = ({ _id, ...rest }: ParkedDoc): ParkedEvent => ({ id: _id, ...rest });

/**
 * The production processor store: three MongoDB collections in the read store's database but outside the read
 * models (the projector, its rebuilds and swaps only touch the collections its projections name, and the read
 * store port is not used here, so no code that goes through it can reach them). Chosen over EventStoreDB's
 * checkpoint streams because duties are queried by due time and by a field of their data, which needs MongoDB's
 * indexes; and over a database of its own so that the one connection, user and backup of the deployment cover it.
 * Duties stay on the server: only those due are read.
 */
export class MongoProcessorStore implements ProcessorStore {
  private constructor(
    private readonly checkpoints: MongoCollection<CheckpointDoc>,
    private readonly duties: MongoCollection<DutyDoc>,
    private readonly parkedEvents_: MongoCollection<ParkedDoc>,
  ) {}

  /**
   * Opens the store on `db` and makes its indexes. A deployment whose reactors kept their checkpoints and duties in
   * the read store (`reactorCheckpoints`, `reactorDuties`) has them copied over once, the first time, so the
   * reactors resume where they were rather than replay the log.
   */
  static async open(db: Db): Promise<MongoProcessorStore> {
    const store = new MongoProcessorStore(
      db.collection<CheckpointDoc>(PROCESSOR_COLLECTIONS.checkpoints),
      db.collection<DutyDoc>(PROCESSOR_COLLECTIONS.duties),
      db.collection<ParkedDoc>(PROCESSOR_COLLECTIONS.parked),
    );
    await store.duties.createIndex({ reactor: 1, dueAt: 1 });
    await store.parkedEvents_.createIndex({ position: 1 });
    if ((await store.checkpoints.estimatedDocumentCount()) === 0) {
      const legacyDuties = await db.collection<DutyDoc>(LEGACY.duties).find({}).toArray();
      for (const doc of legacyDuties) await store.duties.replaceOne({ _id: doc._id }, { reactor: doc.reactor, key: doc.key, dueAt: doc.dueAt, data: doc.data }, { upsert: true });
      // The checkpoints last: a crash during the copy copies again next time.
      const legacyCheckpoints = await db.collection<CheckpointDoc>(LEGACY.checkpoints).find({}).toArray();
      for (const doc of legacyCheckpoints) await store.checkpoints.replaceOne({ _id: doc._id }, { position: doc.position }, { upsert: true });
    }
    return store;
  }

  async checkpoint(processor: string) {
    return (await this.checkpoints.findOne({ _id: processor }))?.position ?? null;
  }

  async saveCheckpoint(processor: string, position: number) {
    await this.saveCheckpoints({ [processor]: position });
  }

  async saveCheckpoints(positions: Readonly<Record<string, number>>) {
    const writes = Object.entries(positions).map(([_id, position]) => ({ replaceOne: { filter: { _id }, replacement: { position }, upsert: true } }));
    if (writes.length > 0) await this.checkpoints.bulkWrite(writes, { ordered: false });
  }

  private id(reactor: string, key: string) {
    return `${reactor}:${key}`;
  }

  async putDuty(d: StoredDuty) {
    const _id = this.id(d.reactor, d.key);
    await this.duties.replaceOne({ _id }, { reactor: d.reactor, key: d.key, dueAt: d.dueAt, data: d.data }, { upsert: true });
  }

  async duty(reactor: string, key: string) {
    const doc = await this.duties.findOne({ _id: this.id(reactor, key) });
    return doc ? duty(doc) : null;
  }

  async rescheduleDuty(reactor: string, key: string, dueAt: number) {
    await this.duties.updateOne({ _id: this.id(reactor, key) }, { $set: { dueAt } });
  }

  async removeDuty(reactor: string, key: string) {
    await this.duties.deleteOne({ _id: this.id(reactor, key) });
  }

  async dueDuties(reactor: string, now: number, limit: number) {
    // A limit past what the server takes means none (0).
    return (await this.duties.find({ reactor, dueAt: { $lte: now } }).sort({ dueAt: 1, key: 1 }).limit(limit > 2 ** 31 - 1 ? 0 : limit).toArray()).map(duty);
  }

  async dutiesWhere(reactor: string, field: string, value: string) {
    assertDutyField(field);
    return (await this.duties.find({ reactor, [`data.${field}`]: value }).sort({ dueAt: 1, key: 1 }).toArray()).map(duty);
  }

  async countDuties(reactor: string) {
    return this.duties.countDocuments({ reactor });
  }

  async park(p: ParkedEvent) {
    const { id, ...rest } = p;
    await this.parkedEvents_.replaceOne({ _id: id }, rest, { upsert: true });
  }

  async parkedEvents() {
    return (await this.parkedEvents_.find({}).sort({ position: 1, reactor: 1 }).toArray()).map(parked);
  }

  async parkedEvent(id: string) {
    const doc = await this.parkedEvents_.findOne({ _id: id });
    return doc ? parked(doc) : null;
  }

  async requestRetry(id: string, at: string) {
    return (await this.parkedEvents_.updateOne({ _id: id }, { $set: { retryRequestedAt: at } })).matchedCount > 0;
  }

  async unpark(id: string) {
    await this.parkedEvents_.deleteOne({ _id: id });
  }

  async countParked() {
    return this.parkedEvents_.countDocuments({});
  }

  /** The connection belongs to whoever opened it. */
  async close() {}
}
