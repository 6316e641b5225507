import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from './embedded-sqlite-event-store';
import { WrongExpectedRevisionError } from './port';
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

describe('embedded SQLite: appends asked for together commit together', () => {
  const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };
  const event = (n: number) => ({ type: 'Counted', data: { n }, metadata });
  let dir: string;
  let store: EmbeddedSqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'recup-events-'));
    store = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits many appends asked for at once, each in the order asked, with its own position and revision', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => store.appendToStream(`counter-${i}`, [event(i)], { expectedRevision: 'no_stream' })));
    expect(new Set(results.map((r) => r.position)).size).toBe(200);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual(new Array(200).fill(0));
    const all = await store.readAll();
    expect(all.map((e) => e.streamName)).toEqual(Array.from({ length: 200 }, (_, i) => `counter-${i}`));
  });

  it('refuses only the append whose expected revision is wrong: the others of its group are kept', async () => {
    await store.appendToStream('course-1', [event(0)], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.allSettled([
      store.appendToStream('course-1', [event(1)], { expectedRevision: 0 }),
      store.appendToStream('course-1', [event(2)], { expectedRevision: 0 }),
      store.appendToStream('course-2', [event(3), event(4)], { expectedRevision: 'no_stream' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream('course-1')).map((e) => (e.data as { n: number }).n)).toEqual([0, 1]);
    expect((await store.readStream('course-2')).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('keeps what was acknowledged when the store is closed and opened again', async () => {
    const file = join(dir, 'events.sqlite');
    const pending = Promise.all(Array.from({ length: 50 }, (_, i) => store.appendToStream(`s-${i}`, [event(i)])));
    await store.close();
    await pending;
    store = new EmbeddedSqliteEventStore(file);
    expect(await store.headPosition()).toBe(50);
  });
});
