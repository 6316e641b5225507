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

  it('writes duties with the next checkpoint: a crash loses only those written after it, and reads see them meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-processors-'));
    const file = join(dir, 'processors.sqlite');
    const running = new EmbeddedSqliteProcessorStore(file);
    try {
      await running.putDuty({ reactor: 'spots', key: 'hold:1', dueAt: 10, data: { courseId: 'c1' } });
      await running.putDuty({ reactor: 'spots', key: 'orphan:1', dueAt: 5, data: {} });
      await running.removeDuty('spots', 'orphan:1');
      await running.putDuty({ reactor: 'spots', key: 'hold:2', dueAt: 20, data: { courseId: 'c2' } });
      await running.rescheduleDuty('spots', 'hold:2', 30);
      await running.saveCheckpoint('spots', 41);
      await running.putDuty({ reactor: 'spots', key: 'hold:3', dueAt: 1, data: { courseId: 'c3' } });
      await running.removeDuty('spots', 'hold:1');
      // Before the next checkpoint, this process reads its own writes...
      expect(await running.duty('spots', 'hold:3')).toEqual({ reactor: 'spots', key: 'hold:3', dueAt: 1, data: { courseId: 'c3' } });
      expect(await running.duty('spots', 'hold:1')).toBeNull();
      expect((await running.dutiesWhere('spots', 'courseId', 'c3')).map((d) => d.key)).toEqual(['hold:3']);
      expect(await running.dutiesWhere('spots', 'courseId', 'c1')).toEqual([]);
      await running.rescheduleDuty('spots', 'hold:2', 35);
      expect((await running.dutiesWhere('spots', 'courseId', 'c2')).map((d) => [d.key, d.dueAt])).toEqual([['hold:2', 35]]);

      // ...and a process killed now (another opening the file, this one never closed) finds the checkpoint with every
      // duty written before it, and none after it: the events after the checkpoint are handled again on restart.
      const restarted = new EmbeddedSqliteProcessorStore(file);
      expect(await restarted.checkpoint('spots')).toBe(41);
      expect((await restarted.dueDuties('spots', 100, 10)).map((d) => [d.key, d.dueAt])).toEqual([['hold:1', 10], ['hold:2', 30]]);
      await restarted.close();

      // Queries over the duties see the writes not yet checkpointed.
      expect((await running.dueDuties('spots', 100, 10)).map((d) => d.key)).toEqual(['hold:3', 'hold:2']);
      expect(await running.countDuties('spots')).toBe(2);
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
