import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError, type AnyBulkWriteOperation, type ClientSession, type Db, type Collection as MongoCollection, type Document } from 'mongodb';
import { DuplicateKeyError, type Collection, type Doc, type DocumentWrite, type Filter, type FindOptions, type ReadStore, type ReadStoreUnit, type Update, type UpdateResult } from './port';

const DEFAULT_DATABASE = 'recup';
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

interface MongoConnection {
  client: MongoClient;
  /** The database named in the URL's path, or `recup`. */
  db: Db;
}

/**
 * Connects to MONGODB_URL. Server selection gives up after 5 s (the driver's 30 s default would hold a
 * start-up or a request that long). `undefined` fields are left out, as the embedded store leaves them out.
 */
export async function connectMongo(url: string, options: { serverSelectionTimeoutMS?: number } = {}): Promise<MongoConnection> {
  if (!/^mongodb(\+srv)?:\/\//i.test(url)) throw new Error(`MONGODB_URL must start with mongodb:// or mongodb+srv://, got ${JSON.stringify(url.split(':')[0])}`);
  const client = new MongoClient(url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000, ignoreUndefined: true, appName: 'recup-points' });
  await client.connect();
  return { client, db: client.db(databaseName(url)) };
}

function databaseName(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/i.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

/**
 * Units of work are MongoDB transactions, which only a replica set (or a sharded cluster) runs. A single
 * server is refused at start rather than found out at the first projected event.
 */
export async function assertTransactionsSupported(db: Db): Promise<void> {
  const hello = await db.admin().command({ hello: 1 });
  if (typeof hello.setName === 'string' || hello.msg === 'isdbgrid') return;
  throw new Error(
    'MONGODB_URL points to a standalone MongoDB server, but the read store needs transactions (a projected event and its checkpoint are written together): ' +
      'run it as a replica set, even of one member (mongod --replSet rs0, then rs.initiate()).',
  );
}

/**
 * The production read store on MongoDB: the port's collections are MongoDB collections, its filters and
 * updates go to the server as they are. Unique index violations become DuplicateKeyError; a unit of work is
 * a transaction on a session, retried by the driver on transient conflicts.
 */
export class MongoReadStore implements ReadStore {
  /** Connects to `url`, checks that it can run transactions, and owns the connection. */
  static async open(url: string): Promise<MongoReadStore> {
    const { client, db } = await connectMongo(url);
    try {
      await assertTransactionsSupported(db);
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoReadStore(client, db, { ownsClient: true });
  }

  private readonly ownsClient: boolean;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    options: { ownsClient?: boolean } = {},
  ) {
    this.ownsClient = options.ownsClient ?? false;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoDocCollection(this.db.collection(name), undefined) as unknown as Collection<T>;
  }

  async unitOfWork<T>(work: (unit: ReadStoreUnit) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      return await session.withTransaction(() =>
        work({ collection: <D extends Doc = Doc>(name: string) => new MongoDocCollection(this.db.collection(name), session) as unknown as Collection<D> }),
      );
    } finally {
      await session.endSession();
    }
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections.map((c) => c.name).filter((name) => !name.startsWith('system.'));
  }

  async renameCollection(from: string, to: string): Promise<void> {
    await this.db.renameCollection(from, to, { dropTarget: true });
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}

class MongoDocCollection implements Collection<Doc> {
  readonly name: string;

  constructor(
    private readonly collection: MongoCollection<Document>,
    /** The session of the unit of work this collection belongs to, if any. */
    private readonly session: ClientSession | undefined,
  ) {
    this.name = collection.collectionName;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<Doc[]> {
    const cursor = this.collection.find(filter, { sort: options.sort, skip: options.skip, limit: options.limit, projection: options.projection, session: this.session });
    return (await cursor.toArray()) as unknown as Doc[];
  }

  /** What MongoDB answers is a new object each time: `shared` changes nothing here. */
  async findOne(filter: Filter, _options?: { shared?: boolean }): Promise<Doc | null> {
    return (await this.collection.findOne(filter, { session: this.session })) as unknown as Doc | null;
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.collection.countDocuments(filter, { session: this.session });
  }

  async replaceOne(filter: Filter, doc: Doc, options: { upsert?: boolean; handOver?: boolean } = {}): Promise<UpdateResult> {
    const result = await this.guard(() => this.collection.replaceOne(filter, doc, { upsert: options.upsert ?? false, session: this.session }));
    return updateResult(result);
  }

  /** One unordered bulk write: a round trip for the lot instead of one per document. */
  async writeMany(writes: ReadonlyArray<DocumentWrite>, _options?: { handOver?: boolean }): Promise<void> {
    if (writes.length === 0) return;
    const operations = writes.map((write): AnyBulkWriteOperation<Document> =>
      'delete' in write
        ? { deleteOne: { filter: { _id: write.delete as unknown as Document['_id'] } } }
        : { replaceOne: { filter: { _id: write.replace._id as unknown as Document['_id'] }, replacement: write.replace, upsert: true } });
    await this.guard(() => this.collection.bulkWrite(operations, { ordered: false, session: this.session }));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    // An inserted document gets a string id, as in the embedded store, when the filter does not name one.
    const withId = options.upsert && !namesId(filter) ? { ...update, $setOnInsert: { ...(update.$setOnInsert as object | undefined), _id: randomUUID() } } : update;
    const result = await this.guard(() => this.collection.updateOne(filter, withId, { upsert: options.upsert ?? false, session: this.session }));
    return updateResult(result);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return updateResult(await this.guard(() => this.collection.updateMany(filter, update, { session: this.session })));
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.collection.deleteOne(filter, { session: this.session });
    return { deletedCount };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.collection.deleteMany(filter, { session: this.session });
    return { deletedCount };
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    if (Object.keys(keys).length === 1 && '_id' in keys) return;
    await this.guard(() => this.collection.createIndex(keys, { unique: options.unique ?? false, session: this.session }));
  }

  private async guard<R>(run: () => Promise<R>): Promise<R> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        const keyValue = (error as { keyValue?: Record<string, unknown> }).keyValue ?? {};
        const key = Object.entries(keyValue).map(([field, value]) => `${field}=${JSON.stringify(value ?? null)}`).join(',');
        throw new DuplicateKeyError(this.name, key || error.message);
      }
      throw error;
    }
  }
}

/** True when MongoDB takes the `_id` of an upserted document from the filter (plain or `$eq` equality). */
function namesId(filter: Filter): boolean {
  const id = filter._id;
  if (id === undefined) return false;
  if (id === null || typeof id !== 'object' || Array.isArray(id)) return true;
  return '$eq' in id;
}

function updateResult(result: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: result.upsertedId === null || result.upsertedId === undefined ? null : String(result.upsertedId),
  };
}
