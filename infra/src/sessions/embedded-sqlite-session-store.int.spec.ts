import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSqliteSessionStore } from './embedded-sqlite-session-store';
import { sessionStoreContract } from '../testing/session-store.contract';

sessionStoreContract('embedded SQLite', async (options) => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-sessions-'));
  const file = join(dir, 'sessions.sqlite');
  let store = new EmbeddedSqliteSessionStore(file, options);
  return {
    store,
    async reopen() {
      await store.close();
      store = new EmbeddedSqliteSessionStore(file, options);
      return store;
    },
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
