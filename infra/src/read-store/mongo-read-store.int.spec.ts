import { randomUUID } from 'node:crypto';
import { assertTransactionsSupported, connectMongo, MongoReadStore } from './mongo-read-store';
import { readStoreContract } from '../testing/read-store.contract';

/**
 * The contract against a real MongoDB replica set when MONGODB_URL is set
 * (e.g. mongodb://localhost:27017/?replicaSet=rs0). Each run works in a database of its own, dropped after.
 */
const url = process.env.MONGODB_URL;

readStoreContract(
  'MongoDB at MONGODB_URL',
  async () => {
    const { client } = await connectMongo(url!);
    const db = client.db(`recup_contract_${randomUUID().slice(0, 8)}`);
    await assertTransactionsSupported(db);
    const store = new MongoReadStore(client, db);
    return {
      store,
      async dispose() {
        await db.dropDatabase();
        await store.close();
        await client.close();
      },
    };
  },
  { skip: url ? undefined : 'MONGODB_URL is not set' },
);
