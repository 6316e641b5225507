import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '../event-store/embedded-sqlite-event-store';
import { EmbeddedSqliteProcessorStore } from './embedded-sqlite-processor-store';
import { processorStoreContract } from './processor-store.contract';

processorStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-processors-'));
  const file = join(dir, 'events.sqlite');
  let store = new EmbeddedSqliteProcessorStore(file);
  return {
    store,
    async reopen() {
      await store.close();
      store = new EmbeddedSqliteProcessorStore(file);
      return store;
    },
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('embedded processor store beside the event log', () => {
  it('shares the event store’s SQLite file, each on a connection of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-processors-'));
    const file = join(dir, 'events.sqlite');
    try {
      const events = new EmbeddedSqliteEventStore(file);
      const processors = new EmbeddedSqliteProcessorStore(file);
      const { position } = await events.appendToStream('booking-1', [{ type: 'Test', data: {}, metadata: { actor: { type: 'system', name: 't' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' } as never }]);
      await processors.saveCheckpoint('reactor:x', position);
      await processors.close();
      await events.close();
      const reopened = new EmbeddedSqliteProcessorStore(file);
      expect(await reopened.checkpoint('reactor:x')).toBe(position);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
