import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSqliteEventStore } from './embedded-sqlite-event-store';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-events-'));
  const file = join(dir, 'events.sqlite');
  let store = new EmbeddedSqliteEventStore(file);
  return {
    store,
    async reopen() {
      await store.close();
      store = new EmbeddedSqliteEventStore(file);
      return store;
    },
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
