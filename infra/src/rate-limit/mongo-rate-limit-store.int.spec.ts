import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectMongo } from '../read-store/mongo-read-store';
import { MongoRateLimitStore, RATE_LIMITS_COLLECTION } from './mongo-rate-limit-store';
import { rateLimitStoreContract } from '../testing/rate-limit-store.contract';

/**
 * The contract against a real MongoDB when MONGODB_URL is set. Each run works in a database of its own, dropped
 * after; the second "replica" opens a connection of its own, as another API process would.
 */
const url = process.env.MONGODB_URL;
const skip = url ? undefined : 'MONGODB_URL is not set';

rateLimitStoreContract(
  'MongoDB at MONGODB_URL',
  async ({ now }) => {
    const { client } = await connectMongo(url!);
    const dbName = `recup_rate_limits_${randomUUID().slice(0, 8)}`;
    const db = client.db(dbName);
    const store = await MongoRateLimitStore.open(db, { now });
    const replicaClients: Array<Awaited<ReturnType<typeof connectMongo>>['client']> = [];
    return {
      store,
      async replica() {
        const { client: replicaClient } = await connectMongo(url!);
        replicaClients.push(replicaClient);
        return MongoRateLimitStore.open(replicaClient.db(dbName), { now });
      },
      async dispose() {
        await db.dropDatabase();
        for (const replicaClient of replicaClients) await replicaClient.close();
        await client.close();
      },
    };
  },
  { skip },
);

describe.skipIf(!url)(`MongoDB rate-limit store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('has the server delete ended windows through a TTL index on their end', async () => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_rate_limits_${randomUUID().slice(0, 8)}`);
    try {
      await MongoRateLimitStore.open(db);
      const indexes = await db.collection(RATE_LIMITS_COLLECTION).indexes();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }));
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  });
});
