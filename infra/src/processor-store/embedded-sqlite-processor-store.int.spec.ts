import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '../event-store/embedded-sqlite-event-store';
import { EmbeddedSqliteProcessorStore } from './embedded-sqlite-processor-store';
import { processorStoreContract } from '../testing/processor-store.contract';

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
  const metadata = { actor: { type: 'system', name: 't' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' } as never;
  it('keeps its checkpoints beside the same log, and forgets them beside a new one (the log file deleted)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-processors-'));
    const logFile = join(dir, 'events.sqlite');
    const file = join(dir, 'processors.sqlite');
    try {
      let events = new EmbeddedSqliteEventStore(logFile);
      let processors = new EmbeddedSqliteProcessorStore(file, { logId: events.logId });
      const { position } = await events.appendToStream('booking-1', [{ type: 'Test', data: {}, metadata }]);
      await processors.saveCheckpoint('reactor:x', position);
      await processors.putDuty({ reactor: 'x', key: 'k', dueAt: 1, data: {} });
      await processors.close();
      await events.close();

      events = new EmbeddedSqliteEventStore(logFile);
      processors = new EmbeddedSqliteProcessorStore(file, { logId: events.logId });
      expect(await processors.checkpoint('reactor:x')).toBe(position);
      expect(await processors.countDuties('x')).toBe(1);
      await processors.close();
      await events.close();

      rmSync(logFile);
      events = new EmbeddedSqliteEventStore(logFile);
      processors = new EmbeddedSqliteProcessorStore(file, { logId: events.logId });
      expect(await processors.checkpoint('reactor:x')).toBeNull();
      expect(await processors.countDuties('x')).toBe(0);
      await processors.close();
      await events.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
