import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@recup/shared-events';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend } from '../event-store/port';

interface EventStoreContractSubject {
  store: EventStore;
  /** Closes the store and opens a new one on the same data, as after a process restart. */
  reopen(): Promise<EventStore>;
  dispose(): Promise<void>;
}

const metadata = {
  actor: { type: 'system', name: 'contract-test' },
  correlationId: 'corr-1',
  causationId: 'cause-1',
  occurredAt: '2026-01-01T10:00:00.000Z',
} as const;

function event(type: string, data: Record<string, unknown> = {}): EventToAppend {
  return { type, data, metadata };
}

const unique = (prefix: string) => `${prefix}-${randomUUID()}`;

async function collectUntil(predicate: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for subscription');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Every adapter of the event store port passes this suite. It only uses streams it creates, so it can
 * run against a shared server.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStoreContractSubject>, options: { skip?: string } = {}) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`event store contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let subject: EventStoreContractSubject;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject.dispose();
    });

    describe('when a stream does not exist', () => {
      it('reads as empty', async () => {
        expect(await store.readStream(unique('missing'))).toEqual([]);
      });

      it('accepts an append expecting no stream and numbers events from revision 0', async () => {
        const stream = unique('testStream');
        const result = await store.appendToStream(stream, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2);
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.type, e.revision])).toEqual([['A', 0], ['B', 1], ['C', 2]]);
        expect(result.position).toBe(events[2]!.position);
      });

      it('refuses an append expecting the stream to exist or to be at a revision', async () => {
        await expect(store.appendToStream(unique('testStream'), [event('A')], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.appendToStream(unique('testStream'), [event('A')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      });
    });

    describe('when a stream exists', () => {
      it('refuses an append expecting no stream, or a stale revision, and appends nothing', async () => {
        const stream = unique('testStream');
        await store.appendToStream(stream, [event('A'), event('B')]);
        await expect(store.appendToStream(stream, [event('X')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        const stale = store.appendToStream(stream, [event('X'), event('Y')], { expectedRevision: 0 });
        await expect(stale).rejects.toMatchObject({ streamName: stream, expected: 0, actual: 1 });
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('accepts an append at its exact revision, with stream_exists, and with any', async () => {
        const stream = unique('testStream');
        await store.appendToStream(stream, [event('A')]);
        await store.appendToStream(stream, [event('B')], { expectedRevision: 0 });
        await store.appendToStream(stream, [event('C')], { expectedRevision: 'stream_exists' });
        const last = await store.appendToStream(stream, [event('D')], { expectedRevision: 'any' });
        expect(last.nextExpectedRevision).toBe(3);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('reads forwards from a revision, at most maxCount events', async () => {
        const stream = unique('testStream');
        await store.appendToStream(stream, ['A', 'B', 'C', 'D', 'E'].map((t) => event(t)));
        const page = await store.readStream(stream, { fromRevision: 1, maxCount: 3 });
        expect(page.map((e) => e.type)).toEqual(['B', 'C', 'D']);
      });

      it('keeps data, metadata and ids as appended', async () => {
        const stream = unique('testStream');
        const id = randomUUID();
        await store.appendToStream(stream, [{ id, type: 'Typed', data: { amount: 12_500, city: 'Salon-de-Provence', nested: { ok: true } }, metadata }]);
        const [stored] = await store.readStream(stream);
        expect(stored).toMatchObject({ id, streamName: stream, type: 'Typed', revision: 0, data: { amount: 12_500, city: 'Salon-de-Provence', nested: { ok: true } }, metadata });
      });
    });

    describe('global order', () => {
      it('gives every event a global position that grows across streams', async () => {
        const a = unique('orderA');
        const b = unique('orderB');
        // A position to read from must be one the store handed out (or 0): the head before these appends.
        const before = await store.headPosition();
        const r1 = await store.appendToStream(a, [event('A1')]);
        const r2 = await store.appendToStream(b, [event('B1'), event('B2')]);
        const r3 = await store.appendToStream(a, [event('A2')]);
        expect(r1.position).toBeGreaterThan(before);
        expect(r1.position).toBeLessThan(r2.position);
        expect(r2.position).toBeLessThan(r3.position);
        const all = (await store.readAll({ after: before })).filter((e) => e.streamName === a || e.streamName === b);
        expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
        const positions = all.map((e) => e.position);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(r3.position);
      });

      it('reads the log strictly after a position', async () => {
        const stream = unique('after');
        const first = await store.appendToStream(stream, [event('A')]);
        await store.appendToStream(stream, [event('B')]);
        const rest = (await store.readAll({ after: first.position })).filter((e) => e.streamName === stream);
        expect(rest.map((e) => e.type)).toEqual(['B']);
      });
    });

    describe('when the log is read page by page', () => {
      const pagesOf = async (options: { after?: number; pageSize?: number }) => {
        const pages: RecordedEvent[][] = [];
        for await (const page of store.readAllPages(options)) pages.push(page);
        return pages;
      };

      it('gives the events readAll gives, in order, in pages no longer than asked', async () => {
        const stream = unique('paged');
        const before = await store.headPosition();
        await store.appendToStream(stream, Array.from({ length: 25 }, (_, n) => event(`E${n}`, { n, text: `é "${n}" \\ ${'\u2028'}` })));
        const pages = await pagesOf({ after: before, pageSize: 7 });
        expect(pages.length).toBeGreaterThanOrEqual(4);
        for (const page of pages) expect(page.length).toBeGreaterThan(0);
        for (const page of pages) expect(page.length).toBeLessThanOrEqual(7);
        const mine = pages.flat().filter((e) => e.streamName === stream);
        expect(mine).toEqual((await store.readAll({ after: before })).filter((e) => e.streamName === stream));
        expect(mine.map((e) => e.data)).toEqual(Array.from({ length: 25 }, (_, n) => ({ n, text: `é "${n}" \\ ${'\u2028'}` })));
        const positions = pages.flat().map((e) => e.position);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      });

      it('gives no page after the head, and can be left early and read again', async () => {
        const stream = unique('pagedEarly');
        const before = await store.headPosition();
        await store.appendToStream(stream, Array.from({ length: 10 }, (_, n) => event(`E${n}`)));
        expect(await pagesOf({ after: await store.headPosition() })).toEqual([]);
        for await (const page of store.readAllPages({ after: before, pageSize: 3 })) {
          expect(page.length).toBeGreaterThan(0);
          break;
        }
        const again = (await pagesOf({ after: before, pageSize: 3 })).flat().filter((e) => e.streamName === stream);
        expect(again.map((e) => e.type)).toEqual(Array.from({ length: 10 }, (_, n) => `E${n}`));
      });
    });

    describe('when appends race on one stream', () => {
      it('accepts exactly one of many parallel appends at the same expected revision', async () => {
        const stream = unique('race');
        await store.appendToStream(stream, [event('Opened')]);
        const attempts = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => store.appendToStream(stream, [event(`Attempt${i}`)], { expectedRevision: 0 })),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a) => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const l of lost) expect((l as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('accepts exactly one of many parallel creations of a stream', async () => {
        const stream = unique('claim');
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, () => store.appendToStream(stream, [event('Claimed')], { expectedRevision: 'no_stream' })),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('after a restart', () => {
      it('reads back every event with its revision and position', async () => {
        const stream = unique('durable');
        const written = await store.appendToStream(stream, [event('A', { n: 1 }), event('B', { n: 2 })]);
        store = await subject.reopen();
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([['A', 0, { n: 1 }], ['B', 1, { n: 2 }]]);
        expect(events[1]!.position).toBe(written.position);
        const next = await store.appendToStream(stream, [event('C')], { expectedRevision: 1 });
        expect(next.position).toBeGreaterThan(written.position);
      });
    });

    describe('catch-up subscription to the whole log', () => {
      it('delivers stored events, reports being caught up, then delivers live events in order', async () => {
        const stream = unique('subscribed');
        const start = await store.headPosition();
        await store.appendToStream(stream, [event('Stored1'), event('Stored2')]);
        const seen: RecordedEvent[] = [];
        let caughtUp = false;
        const subscription = store.subscribeToAll({ after: start }, {
          onEvent: (e) => {
            if (e.streamName === stream) seen.push(e);
          },
          onCaughtUp: () => {
            caughtUp = true;
          },
        });
        try {
          await collectUntil(() => caughtUp && seen.length === 2);
          await store.appendToStream(stream, [event('Live1')]);
          await store.appendToStream(stream, [event('Live2'), event('Live3')]);
          await collectUntil(() => seen.length === 5);
          expect(seen.map((e) => e.type)).toEqual(['Stored1', 'Stored2', 'Live1', 'Live2', 'Live3']);
        } finally {
          await subscription.close();
        }
      });

      it('starts strictly after the checkpoint it is given', async () => {
        const stream = unique('checkpointed');
        const first = await store.appendToStream(stream, [event('Before')]);
        await store.appendToStream(stream, [event('After')]);
        const seen: string[] = [];
        const subscription = store.subscribeToAll({ after: first.position }, {
          onEvent: (e) => {
            if (e.streamName === stream) seen.push(e.type);
          },
        });
        try {
          await collectUntil(() => seen.length >= 1);
          expect(seen).toEqual(['After']);
        } finally {
          await subscription.close();
        }
      });

      it('waits for a slow handler before delivering the next event', async () => {
        const stream = unique('slow');
        const start = await store.headPosition();
        await store.appendToStream(stream, [event('One'), event('Two'), event('Three')]);
        const log: string[] = [];
        const subscription = store.subscribeToAll({ after: start }, {
          onEvent: async (e) => {
            if (e.streamName !== stream) return;
            log.push(`start ${e.type}`);
            await new Promise((r) => setTimeout(r, 15));
            log.push(`end ${e.type}`);
          },
        });
        try {
          await collectUntil(() => log.length === 6);
          expect(log).toEqual(['start One', 'end One', 'start Two', 'end Two', 'start Three', 'end Three']);
        } finally {
          await subscription.close();
        }
      });

      it('reports an error thrown by the handler and stops', async () => {
        const stream = unique('failing');
        const start = await store.headPosition();
        await store.appendToStream(stream, [event('Boom')]);
        let reported: unknown = null;
        const subscription = store.subscribeToAll({ after: start }, {
          onEvent: (e) => {
            if (e.streamName === stream) throw new Error('handler failed');
          },
          onError: (error) => {
            reported = error;
          },
        });
        await collectUntil(() => reported !== null);
        expect((reported as Error).message).toBe('handler failed');
        await subscription.close();
      });
    });
  });
}
