import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectMongo } from '../read-store/mongo-read-store';
import { MongoProcessorStore } from './mongo-processor-store';
import { processorStoreContract } from '../testing/processor-store.contract';

/** The contract against a real MongoDB when MONGODB_URL is set. Each run works in a database of its own, dropped after. */
const url = process.env.MONGODB_URL;
const skip = url ? undefined : 'MONGODB_URL is not set';

processorStoreContract(
  'MongoDB at MONGODB_URL',
  async () => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_processors_${randomUUID().slice(0, 8)}`);
    let store = await MongoProcessorStore.open(db);
    return {
      store,
      async reopen() {
        await store.close();
        store = await MongoProcessorStore.open(db);
        return store;
      },
      async dispose() {
        await db.dropDatabase();
        await client.close();
      },
    };
  },
  { skip },
);

describe.skipIf(!url)(`MongoDB processor store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('takes over the checkpoints and duties the reactors kept in the read store, once', async () => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_processors_${randomUUID().slice(0, 8)}`);
    try {
      await db.collection<{ _id: string; position: number }>('reactorCheckpoints').insertOne({ _id: 'reactor:spot-keeper', position: 42 });
      await db.collection<{ _id: string }>('reactorDuties').insertOne({ _id: 'spot-keeper:hold:b1', reactor: 'spot-keeper', key: 'hold:b1', dueAt: 5, data: { courseId: 'c1' } } as never);
      const store = await MongoProcessorStore.open(db);
      expect(await store.checkpoint('reactor:spot-keeper')).toBe(42);
      expect(await store.duty('spot-keeper', 'hold:b1')).toEqual({ reactor: 'spot-keeper', key: 'hold:b1', dueAt: 5, data: { courseId: 'c1' } });
      await store.saveCheckpoint('reactor:spot-keeper', 50);
      expect(await (await MongoProcessorStore.open(db)).checkpoint('reactor:spot-keeper')).toBe(50);
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  });
});
