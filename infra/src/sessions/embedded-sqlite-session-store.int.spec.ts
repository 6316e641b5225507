import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedSqliteSessionStore } from './embedded-sqlite-session-store';
import type { SessionData } from './port';
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

describe('embedded session store: rolls written at most once a minute', () => {
  it('skips a roll that changes nothing within a minute, writes any change at once, and ends a session at most a minute early', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-sessions-'));
    let now = Date.parse('2026-11-27T09:00:00.000Z');
    const store = new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite'), { now: () => now, idleMs: 30 * 60_000 });
    const set = (data: SessionData) => new Promise<void>((resolve, reject) => store.set('s1', data, (error) => (error ? reject(error) : resolve())));
    const get = () => new Promise<SessionData | null | undefined>((resolve, reject) => store.get('s1', (error, data) => (error ? reject(error) : resolve(data))));
    const minutes = (n: number) => n * 60_000;
    try {
      await set({ userId: 'u1', role: 'USER', cookie: { expires: 'a' } });
      now += minutes(0.5);
      await set({ userId: 'u1', role: 'USER', cookie: { expires: 'b' } }); // a roll within the minute: not written
      now += minutes(29.6); // 30.1 minutes after the write, 29.6 after the roll
      expect(await get()).toBeNull();

      await set({ userId: 'u1', role: 'USER' });
      now += minutes(1);
      await set({ userId: 'u1', role: 'USER' }); // a minute on: written
      now += minutes(29.5);
      expect((await get())?.userId).toBe('u1');

      await set({ userId: 'u1', role: 'ADMIN' }); // a change: written at once, whenever
      await set({ userId: 'u1', role: 'ADMIN' });
      expect((await get())?.role).toBe('ADMIN');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
