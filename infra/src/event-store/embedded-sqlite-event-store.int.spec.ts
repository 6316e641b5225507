import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedSqliteEventStore } from './embedded-sqlite-event-store';
import { readPagesAhead } from './sqlite-page-reader';
import { WrongExpectedRevisionError } from './port';
import { eventStoreContract } from '../testing/event-store.contract';

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

  it('reads what another process appended to a stream whose last revision it remembered', async () => {
    const other = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    try {
      await store.appendToStream('course-1', [event(0)], { expectedRevision: 'no_stream' });
      // Read up to its end: the store now remembers revision 0 as the last.
      expect(await store.readStream('course-1', { fromRevision: 1 })).toEqual([]);
      await other.appendToStream('course-1', [event(1)], { expectedRevision: 0 });
      expect((await store.readStream('course-1', { fromRevision: 1 })).map((e) => (e.data as { n: number }).n)).toEqual([1]);
      // After an append of its own elsewhere, it still does not trust what it knew before the other's append.
      await other.appendToStream('course-1', [event(2)], { expectedRevision: 1 });
      await store.appendToStream('course-2', [event(3)]);
      expect((await store.readStream('course-1', { fromRevision: 2 })).map((e) => (e.data as { n: number }).n)).toEqual([2]);
      // An append refused because the other went first leaves it reading the other's events.
      await other.appendToStream('course-1', [event(4)], { expectedRevision: 2 });
      await expect(store.appendToStream('course-1', [event(5)], { expectedRevision: 2 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream('course-1', { fromRevision: 3 })).map((e) => (e.data as { n: number }).n)).toEqual([4]);
      expect((await store.readStream('never-written', { fromRevision: 0 }))).toEqual([]);
      await other.appendToStream('never-written', [event(6)]);
      expect((await store.readStream('never-written', { fromRevision: 0 })).map((e) => (e.data as { n: number }).n)).toEqual([6]);
    } finally {
      await other.close();
    }
  });

  it('gives a live subscriber every event in order, its own appends and another process\'s between them, as the file has them, frozen', async () => {
    const other = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const seen: Array<{ position: number; revision: number; streamName: string; data: unknown; frozen: boolean }> = [];
    const subscription = store.subscribeToAll({}, {
      onEvent: async (recorded) => {
        seen.push({ position: recorded.position, revision: recorded.revision, streamName: recorded.streamName, data: recorded.data, frozen: Object.isFrozen(recorded.data) && Object.isFrozen(recorded.metadata) });
      },
    });
    // Each step once the subscriber has seen the one before (another process's events are found by polling the file).
    const seenAll = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (seen.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      await store.appendToStream('course-1', [event(0), event(1)], { expectedRevision: 'no_stream' });
      await seenAll(2);
      await other.appendToStream('course-1', [event(2)], { expectedRevision: 1 });
      await seenAll(3);
      await Promise.all([store.appendToStream('course-2', [event(3)]), store.appendToStream('course-1', [event(4), event(5)], { expectedRevision: 2 })]);
      await seenAll(6);
      await other.appendToStream('course-3', [event(6)]);
      await seenAll(7);
      await store.appendToStream('course-3', [event(7)], { expectedRevision: 0 });
      await seenAll(8);
      const file = await store.readAll();
      expect(seen.map(({ position, revision, streamName, data }) => ({ position, revision, streamName, data })))
        .toEqual(file.map(({ position, revision, streamName, data }) => ({ position, revision, streamName, data })));
      expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      // What this process appended is shared by every subscriber, so none may change it.
      expect(seen.filter((e) => e.frozen).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 3, 4, 5, 7]);
      expect(() => {
        (seen[0]!.data as { n: number }).n = 9;
      }).toThrow(TypeError);
    } finally {
      await subscription.close();
      await other.close();
    }
  });

  it('refuses, alone, an event whose data cannot be written, and commits the others asked for with it', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const outcomes = await Promise.allSettled([
      store.appendToStream('a', [event(1)]),
      store.appendToStream('b', [{ type: 'Bad', data: cyclic, metadata }]),
      store.appendToStream('c', [event(3)]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readAll()).map((e) => e.streamName)).toEqual(['a', 'c']);
  });

  it('lets the event loop answer others between two batches while a subscriber catches up on a long log', async () => {
    await Promise.all(Array.from({ length: 1500 }, (_, i) => store.appendToStream(`s-${i}`, [event(i)])));
    let handled = 0;
    let handledWhenTimerRan = -1;
    setTimeout(() => {
      handledWhenTimerRan = handled;
    }, 0);
    await new Promise<void>((resolve) => {
      const subscription = store.subscribeToAll({}, {
        onEvent: async () => {
          handled += 1;
          // A handler answering from memory: it never waits for anything, and takes a little time.
          const until = performance.now() + 0.05;
          while (performance.now() < until);
        },
        onCaughtUp: () => void subscription.close().then(resolve),
      });
    });
    expect(handled).toBe(1500);
    expect(handledWhenTimerRan).toBeGreaterThan(-1);
    expect(handledWhenTimerRan).toBeLessThan(1500);
  });

  it('refuses appends once closing, and reads stay possible until closed', async () => {
    const closing = store.close();
    await expect(store.appendToStream('late', [event(0)])).rejects.toThrow('closed');
    await closing;
    await expect(store.readStream('late')).rejects.toThrow('closed');
    store = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
  });

  // Each on a store of its own, as above.
  describe('a prompt subscriber has handled an append of this process before it is acknowledged', () => {
    /** Subscribes and resolves once the subscriber has caught up with the log. */
    const follow = async (options: { prompt: boolean; after?: number }, onEvent: (position: number) => Promise<void> | void, onError?: (error: unknown) => void) => {
      let caughtUp: () => void = () => {};
      const ready = new Promise<void>((resolve) => (caughtUp = resolve));
      const subscription = store.subscribeToAll({ after: options.after ?? 0, prompt: options.prompt }, { onEvent: (e) => onEvent(e.position), onCaughtUp: () => caughtUp(), onError });
      await ready;
      return subscription;
    };

    it('acknowledges each of many appends asked for at once only once a caught-up prompt subscriber has handled it', async () => {
      // 200 appends of two events: one group, within one of the subscriber's batches (500 events).
      await store.appendToStream('before', [event(0)]);
      const handled = new Set<number>();
      // A handler answering from memory through a few promises, as the projector does on the embedded read store.
      const subscription = await follow({ prompt: true }, async (position) => {
        await Promise.resolve();
        await Promise.resolve();
        handled.add(position);
      });
      const seenOnAnswer: boolean[] = [];
      await Promise.all(Array.from({ length: 200 }, async (_, i) => {
        const { position } = await store.appendToStream(`s-${i}`, [event(i), event(i + 1)]);
        seenOnAnswer.push(handled.has(position) && handled.has(position - 1));
      }));
      expect(seenOnAnswer).toHaveLength(200);
      expect(seenOnAnswer.every(Boolean)).toBe(true);
      await subscription.close();
    });

    it('does not hold appends for a subscriber that is not prompt', async () => {
      let gate: () => void = () => {};
      const closed = new Promise<void>((resolve) => (gate = resolve));
      const subscription = await follow({ prompt: false }, () => closed);
      // Its handler waits for the gate, which opens only after the append is answered.
      const first = await store.appendToStream('s', [event(1)]);
      const second = await store.appendToStream('s', [event(2)]);
      expect(second.position).toBe(first.position + 1);
      gate();
      await subscription.close();
    });

    it('acknowledges appends anyway when the prompt subscriber is stuck, and holds no later append for it while it is behind', async () => {
      let gate: () => void = () => {};
      const closed = new Promise<void>((resolve) => (gate = resolve));
      const seen: number[] = [];
      const subscription = await follow({ prompt: true }, async (position) => {
        seen.push(position);
        await closed;
      });
      // The subscriber was caught up: the first append waits for it, which waits for the gate; it is answered anyway.
      const first = await store.appendToStream('s', [event(1)]);
      expect(seen).toEqual([first.position]);
      // Behind now (still on the first): the next ones are not held for it.
      const later = await Promise.all([store.appendToStream('t', [event(2)]), store.appendToStream('u', [event(3)])]);
      expect(later.map((r) => r.position)).toEqual([first.position + 1, first.position + 2]);
      expect(seen).toEqual([first.position]);
      gate();
      await subscription.close();
    });

    it('holds nothing once the prompt subscriber stopped on an error, or was closed', async () => {
      const errors: unknown[] = [];
      const failing = await follow({ prompt: true }, () => {
        throw new Error('the handler failed');
      }, (error) => errors.push(error));
      const answered = await store.appendToStream('s', [event(1)]);
      expect(answered.nextExpectedRevision).toBe(0);
      await failing.close();
      expect(errors).toHaveLength(1);

      // A store that would hold an append a minute for it: only the subscription's closing answers it.
      await store.close();
      store = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'), { promptWaitMaxMs: 60_000 });
      let gate: () => void = () => {};
      const hung = new Promise<void>((resolve) => (gate = resolve));
      let received = false;
      const closing = await follow({ prompt: true, after: answered.position }, () => {
        received = true;
        return hung;
      });
      const pending = store.appendToStream('s', [event(2)]);
      await vi.waitFor(() => expect(received).toBe(true));
      const closed = closing.close();
      await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 1 });
      gate();
      await closed;
    });
  });
});

describe('embedded SQLite in memory: the same store, its groups committed in this thread', () => {
  const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };
  it('commits, refuses a wrong revision, and reads back', async () => {
    const store = new EmbeddedSqliteEventStore(':memory:');
    await store.appendToStream('s', [{ type: 'A', data: { n: 1 }, metadata }], { expectedRevision: 'no_stream' });
    await expect(store.appendToStream('s', [{ type: 'A', data: { n: 2 }, metadata }], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream('s')).map((e) => e.data)).toEqual([{ n: 1 }]);
    expect(await store.readStream('s', { fromRevision: 1 })).toEqual([]);
    await store.close();
  });
});

describe('embedded SQLite: a long log read page by page on a thread of its own', () => {
  const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };
  // Values whose JSON has every way to be written: escapes, line separators, numbers of every shape, nesting.
  const data = (n: number) => ({ n, half: n / 2, big: 2 ** 53 - n, tiny: 1e-7 * n, text: `Récup' "${n}" \\ \u2028 😀`, nested: { list: [n, null, true, { deep: 'x' }] } });
  let dir: string;
  let file: string;
  let stores: EmbeddedSqliteEventStore[];
  const open = (readAheadFrom?: number) => {
    const store = new EmbeddedSqliteEventStore(file, readAheadFrom === undefined ? {} : { readAheadFrom });
    stores.push(store);
    return store;
  };
  const pagesOf = async (store: EmbeddedSqliteEventStore, options: { after?: number; pageSize?: number }) => {
    const pages = [];
    for await (const page of store.readAllPages(options)) pages.push(page);
    return pages;
  };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-events-'));
    file = join(dir, 'events.sqlite');
    stores = [];
    const writer = open();
    for (let stream = 0; stream < 30; stream += 1) {
      // Stream names and types written as JSON too (by SQLite, on the reading thread): quotes, accents, a backslash.
      await writer.appendToStream(`s-${stream} «é» "q" \\`, Array.from({ length: 40 }, (_, n) => ({ type: n % 2 ? 'Counted' : 'Compté "deux"', data: data(stream * 40 + n), metadata })));
    }
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives exactly what readAll gives, read ahead or read here', async () => {
    const ahead = open(0);
    const here = open(1_000_000);
    const all = await ahead.readAll({ after: 17 });
    expect(all).toHaveLength(1_200 - 17);
    for (const store of [ahead, here]) {
      const pages = await pagesOf(store, { after: 17, pageSize: 100 });
      expect(pages.map((page) => page.length)).toEqual([...Array.from({ length: 11 }, () => 100), 83]);
      expect(pages.flat()).toEqual(all);
    }
  });

  it('reads the first pages here while its thread starts, and the thread goes on from where they stopped', async () => {
    const store = open(0);
    const all = await store.readAll();
    let readHere = 0;
    const pages = [];
    // A page read here takes 5 ms or more: the thread (ready in tens of milliseconds, seconds on a loaded machine) takes
    // over long before the 1,200 pages are read here.
    const slowlyHere = async (after: number, maxCount: number) => {
      readHere += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return store.readAll({ after, maxCount });
    };
    for await (const page of readPagesAhead(file, { after: 0, pageSize: 1, readHere: slowlyHere })) pages.push(page);
    expect(pages.flat()).toEqual(all);
    expect(pages).toHaveLength(1_200);
    expect(readHere).toBeGreaterThanOrEqual(1);
    expect(readHere).toBeLessThan(pages.length);
  });

  it('loses nothing appended while it reads ahead: it is in this pass or the next, from where this one stopped', async () => {
    const store = open(0);
    const seen: number[] = [];
    for await (const page of store.readAllPages({ pageSize: 500 })) {
      seen.push(...page.map((e) => e.position));
      if (seen.length === 500) await store.appendToStream('late', [{ type: 'Late', data: {}, metadata }]);
    }
    for await (const page of store.readAllPages({ after: seen.at(-1)!, pageSize: 500 })) seen.push(...page.map((e) => e.position));
    expect(seen).toEqual(Array.from({ length: 1_201 }, (_, n) => n + 1));
  });

  it('leaves no thread behind when the caller stops early', async () => {
    const store = open(0);
    for (let round = 0; round < 5; round += 1) {
      for await (const page of store.readAllPages({ pageSize: 10 })) {
        expect(page[0]!.position).toBe(1);
        break;
      }
    }
    // The process would keep running on a thread left reading; the store closes as when nothing was read.
    await store.close();
    expect((await pagesOf(open(0), { pageSize: 600 })).map((page) => page.length)).toEqual([600, 600]);
  });
});
