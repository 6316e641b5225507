import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@recup/shared-events';
import type { ParkedEvent, ProcessorStore } from '../processor-store/port';

interface ProcessorStoreContractSubject {
  store: ProcessorStore;
  /** Closes the store and opens a new one on the same data, as after a process restart. */
  reopen(): Promise<ProcessorStore>;
  dispose(): Promise<void>;
}

const event = (position: number): RecordedEvent => ({
  id: randomUUID(), streamName: `booking-${randomUUID()}`, revision: 0, position, type: 'BookingCancelled', data: { bookingId: 'b1', reason: 'é' },
  metadata: { actor: { type: 'system', name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' } as RecordedEvent['metadata'],
  recordedAt: '2026-11-21T09:00:00.000Z',
});

/** Every adapter of the processor store port passes this suite. Each test works under processor names of its own. */
export function processorStoreContract(name: string, open: () => Promise<ProcessorStoreContractSubject>, options: { skip?: string } = {}) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`processor store contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let subject: ProcessorStoreContractSubject;
    let store: ProcessorStore;
    const fresh = () => `reactor-${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject.dispose();
    });

    it('keeps a checkpoint per processor, none until one is saved, and across a restart', async () => {
      const [a, b] = [fresh(), fresh()];
      expect(await store.checkpoint(a)).toBeNull();
      await store.saveCheckpoint(a, 12);
      await store.saveCheckpoint(a, 40);
      await store.saveCheckpoint(b, 7);
      store = await subject.reopen();
      expect(await store.checkpoint(a)).toBe(40);
      expect(await store.checkpoint(b)).toBe(7);
    });

    it('writes several processors\' checkpoints in one call, with the duty writes asked for before it', async () => {
      const [a, b, c] = [fresh(), fresh(), fresh()];
      await store.saveCheckpoint(a, 3);
      await store.putDuty({ reactor: b, key: 'hold:1', dueAt: 100, data: { courseId: 'c1' } });
      await store.saveCheckpoints({ [a]: 15, [b]: 9 });
      await store.saveCheckpoints({});
      store = await subject.reopen();
      expect(await store.checkpoint(a)).toBe(15);
      expect(await store.checkpoint(b)).toBe(9);
      expect(await store.checkpoint(c)).toBeNull();
      expect(await store.duty(b, 'hold:1')).toEqual({ reactor: b, key: 'hold:1', dueAt: 100, data: { courseId: 'c1' } });
    });

    it('keeps duties per processor: put replaces, get, reschedule, remove, count', async () => {
      const [a, b] = [fresh(), fresh()];
      await store.putDuty({ reactor: a, key: 'hold:1', dueAt: 100, data: { courseId: 'c1' } });
      await store.putDuty({ reactor: a, key: 'hold:1', dueAt: 200, data: { courseId: 'c2' } });
      await store.putDuty({ reactor: b, key: 'hold:1', dueAt: 50, data: { courseId: 'c9' } });
      expect(await store.duty(a, 'hold:1')).toEqual({ reactor: a, key: 'hold:1', dueAt: 200, data: { courseId: 'c2' } });
      expect(await store.duty(a, 'hold:2')).toBeNull();
      await store.rescheduleDuty(a, 'hold:1', 300);
      await store.rescheduleDuty(a, 'absent', 300);
      expect((await store.duty(a, 'hold:1'))?.dueAt).toBe(300);
      expect(await store.countDuties(a)).toBe(1);
      await store.removeDuty(a, 'hold:1');
      await store.removeDuty(a, 'hold:1');
      expect(await store.countDuties(a)).toBe(0);
      expect(await store.countDuties(b)).toBe(1);
    });

    it('lists the duties due by a time, oldest first, up to a limit, and those whose data has a value, across a restart', async () => {
      const a = fresh();
      for (const [key, dueAt, courseId] of [['x', 30, 'c1'], ['y', 10, 'c2'], ['z', 20, 'c1'], ['later', 1_000, 'c1']] as const) {
        await store.putDuty({ reactor: a, key, dueAt, data: { courseId, nested: { n: 1 } } });
      }
      await store.putDuty({ reactor: fresh(), key: 'other', dueAt: 1, data: { courseId: 'c1' } });
      store = await subject.reopen();
      expect((await store.dueDuties(a, 30, 500)).map((d) => d.key)).toEqual(['y', 'z', 'x']);
      expect((await store.dueDuties(a, 30, 2)).map((d) => d.key)).toEqual(['y', 'z']);
      expect(await store.dueDuties(a, 5, 500)).toEqual([]);
      expect((await store.dutiesWhere(a, 'courseId', 'c1')).map((d) => d.key).sort()).toEqual(['later', 'x', 'z']);
      expect((await store.dutiesWhere(a, 'courseId', 'c1'))[0]!.data).toEqual({ courseId: 'c1', nested: { n: 1 } });
      expect(await store.dutiesWhere(a, 'courseId', 'none')).toEqual([]);
    });

    it('keeps parked events with their error until they are retried and unparked, across a restart', async () => {
      const before = await store.countParked();
      const reactor = fresh();
      const parked: ParkedEvent = { id: `${reactor}:e1`, reactor, position: 9_000_001, event: event(9_000_001), error: 'provider down', attempts: 5, parkedAt: '2026-11-21T09:00:31.000Z', retryRequestedAt: null };
      await store.park(parked);
      await store.park({ ...parked, error: 'still down', attempts: 6 });
      expect(await store.countParked()).toBe(before + 1);
      store = await subject.reopen();
      expect(await store.parkedEvent(parked.id)).toEqual({ ...parked, error: 'still down', attempts: 6 });
      expect((await store.parkedEvents()).map((p) => p.id)).toContain(parked.id);
      expect(await store.requestRetry(parked.id, '2026-11-21T10:00:00.000Z')).toBe(true);
      expect(await store.requestRetry(`${reactor}:absent`, '2026-11-21T10:00:00.000Z')).toBe(false);
      expect((await store.parkedEvent(parked.id))?.retryRequestedAt).toBe('2026-11-21T10:00:00.000Z');
      await store.unpark(parked.id);
      expect(await store.parkedEvent(parked.id)).toBeNull();
      expect(await store.countParked()).toBe(before);
    });
  });
}
