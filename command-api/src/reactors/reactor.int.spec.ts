import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventStore, Subscription } from '@recup/infra/event-store/port';
import { EmbeddedSqliteProcessorStore } from '@recup/infra/processor-store/embedded-sqlite-processor-store';
import type { RecordedDomainEvent } from '@recup/shared-events';
import { commandMetadata } from '../core/metadata';
import { startReactors, type Reactor, type RunningReactors } from './reactor';

/** The event store, telling how many subscriptions to the whole log are open. */
class CountingEventStore {
  open = 0;
  opened = 0;
  constructor(readonly inner: EmbeddedSqliteEventStore) {}
  asPort(): EventStore {
    return new Proxy(this.inner, {
      get: (target, key) => {
        if (key !== 'subscribeToAll') return Reflect.get(target, key, target) as unknown;
        return (...args: Parameters<EventStore['subscribeToAll']>): Subscription => {
          const subscription = target.subscribeToAll(...args);
          this.open += 1;
          this.opened += 1;
          let closed = false;
          return {
            close: async () => {
              if (!closed) this.open -= 1;
              closed = true;
              await subscription.close();
            },
          };
        };
      },
    }) as EventStore;
  }
}

/** A reactor that remembers the course ids it handled, in order; `before` runs first (to fail or to wait). */
function recorder(name: string, before: (event: RecordedDomainEvent) => Promise<void> | void = () => {}) {
  const seen: string[] = [];
  const reactor: Reactor = {
    name,
    handle: async (event) => {
      await before(event);
      if (event.type === 'CourseCancelled') seen.push(event.data.courseId);
    },
  };
  return { reactor, seen };
}

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the reactors on one subscription to the log', () => {
  let dir: string;
  let store: EmbeddedSqliteEventStore;
  let counting: CountingEventStore;
  let processors: EmbeddedSqliteProcessorStore;
  let running: RunningReactors | null = null;
  const metadata = commandMetadata({ type: 'system', name: 'test' }, new Date('2026-11-27T09:00:00.000Z'));
  const cancel = (ids: string[]) => store.appendToStream(`course-${ids[0]}`, ids.map((courseId) => ({ type: 'CourseCancelled', data: { courseId, reason: 'deletedByCentre' }, metadata })));
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `c${from + i}`);
  const start = async (reactors: Reactor[], now: () => Date = () => new Date()) => {
    running = await startReactors({
      eventStore: counting.asPort(), store: processors, reactors, now, sweepIntervalMs: 3_600_000,
      logger: { error: () => {} },
    });
    return running;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'recup-reactors-'));
    store = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    counting = new CountingEventStore(store);
    processors = new EmbeddedSqliteProcessorStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await running?.close();
    running = null;
    await processors.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('read the log once for all of them: each reactor gets every event, in order, once', async () => {
    await cancel(ids(0, 3));
    const a = recorder('a');
    const b = recorder('b');
    const c = recorder('c');
    const reactors = await start([a.reactor, b.reactor, c.reactor]);
    await reactors.caughtUp;
    await cancel(ids(3, 2));
    await reactors.reached(await store.headPosition());
    for (const { seen } of [a, b, c]) expect(seen).toEqual(ids(0, 5));
    expect(counting.opened).toBe(1);
  });

  it('go on when one of them keeps failing: it tries the event again a second later, from its checkpoint, and then joins the others', async () => {
    let failures = 2;
    const flaky = recorder('flaky', (event) => {
      if (event.type === 'CourseCancelled' && event.data.courseId === 'c1' && failures > 0) {
        failures -= 1;
        throw new Error('the mail relay is down');
      }
    });
    const steady = recorder('steady');
    const reactors = await start([flaky.reactor, steady.reactor]);
    await reactors.caughtUp;
    await cancel(ids(0, 1));
    await cancel(ids(1, 1));
    await cancel(ids(2, 1));
    // The steady one does not wait for the flaky one.
    await until(() => steady.seen.length === 3);
    expect(flaky.seen).toEqual(['c0']);
    await reactors.reached(await store.headPosition(), 10_000);
    expect(flaky.seen).toEqual(ids(0, 3));
    expect(failures).toBe(0);
    // Back on the shared subscription: its own is closed, and new events reach both.
    await cancel(ids(3, 1));
    await reactors.reached(await store.headPosition());
    expect(flaky.seen).toEqual(ids(0, 4));
    expect(steady.seen).toEqual(ids(0, 4));
    expect(counting.open).toBe(1);
  });

  it('let a slow one fall behind without holding the others back, and it still handles every event once, in order', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = recorder('slow', () => gate);
    const quick = recorder('quick');
    const reactors = await start([slow.reactor, quick.reactor]);
    await reactors.caughtUp;
    for (let n = 0; n < 1500; n += 100) await cancel(ids(n, 100));
    await until(() => quick.seen.length === 1500);
    expect(slow.seen).toEqual([]);
    release();
    await reactors.reached(await store.headPosition(), 10_000);
    expect(slow.seen).toEqual(ids(0, 1500));
    expect(quick.seen).toEqual(ids(0, 1500));
    await cancel(ids(1500, 1));
    await reactors.reached(await store.headPosition());
    expect(slow.seen.at(-1)).toBe('c1500');
    expect(counting.open).toBe(1);
  });

  it('resume each from its own checkpoint after a restart: none handles an old event again, and a new one starts from the beginning', async () => {
    const a = recorder('a');
    const first = await start([a.reactor]);
    await first.caughtUp;
    await cancel(ids(0, 3));
    await first.reached(await store.headPosition());
    await first.close();

    await cancel(ids(3, 1));
    const again = recorder('a');
    const fresh = recorder('fresh');
    const second = await start([again.reactor, fresh.reactor]);
    await second.caughtUp;
    expect(again.seen).toEqual(['c3']);
    expect(fresh.seen).toEqual(ids(0, 4));
  });

  it('park an event whose handler fails five times, tried again 1, 2, 4, 8 s later by the clock, and go on with the next events', async () => {
    let clock = Date.parse('2026-11-27T09:00:00.000Z');
    const tries: number[] = [];
    const poisoned = recorder('poisoned', (event) => {
      if (event.type === 'CourseCancelled' && event.data.courseId === 'c1') {
        tries.push(clock);
        throw new Error('cannot read course c1');
      }
    });
    const reactors = await start([poisoned.reactor], () => new Date(clock));
    await reactors.caughtUp;
    await cancel(ids(0, 3));
    await until(() => tries.length === 1);
    for (const wait of [1000, 2000, 4000, 8000]) {
      // A moment short of the backoff, the sweep leaves it; at the time, it tries again.
      clock += wait - 1;
      await reactors.sweep();
      expect(tries).toHaveLength([1000, 2000, 4000, 8000].indexOf(wait) + 1);
      clock += 1;
      await reactors.sweep();
    }
    await reactors.reached(await store.headPosition());
    expect(tries.map((at) => at - tries[0]!)).toEqual([0, 1000, 3000, 7000, 15000]);
    expect(poisoned.seen).toEqual(['c0', 'c2']);
    const [parked] = await processors.parkedEvents();
    expect(parked).toMatchObject({ reactor: 'poisoned', attempts: 5, error: 'cannot read course c1', retryRequestedAt: null });
    expect(parked!.event.data).toEqual({ courseId: 'c1', reason: 'deletedByCentre' });
    // Its checkpoint is past the parked event, written once the lane has nothing more to handle.
    const head = await store.headPosition();
    await vi.waitFor(async () => expect(await processors.checkpoint('reactor:poisoned')).toBe(head), { timeout: 2000 });
  });
});
