import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectMongo } from '../read-store/mongo-read-store';
import { MongoSessionStore } from './mongo-session-store';
import { sessionStoreContract } from '../testing/session-store.contract';

/**
 * The contract against a real MongoDB when MONGODB_URL is set. Each run works in a database of its own,
 * dropped after.
 */
const url = process.env.MONGODB_URL;
const skip = url ? undefined : 'MONGODB_URL is not set';

sessionStoreContract(
  'MongoDB at MONGODB_URL',
  async (options) => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_sessions_${randomUUID().slice(0, 8)}`);
    let store = await MongoSessionStore.open(db, options);
    return {
      store,
      async reopen() {
        await store.close();
        store = await MongoSessionStore.open(db, options);
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

describe.skipIf(!url)(`MongoDB session store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('has the server delete expired sessions through a TTL index on their expiry, and finds a user’s sessions by an index', async () => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_sessions_${randomUUID().slice(0, 8)}`);
    try {
      await MongoSessionStore.open(db);
      const indexes = await db.collection('sessions').indexes();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }));
      expect(indexes).toContainEqual(expect.objectContaining({ key: { userId: 1 } }));
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  });
});
