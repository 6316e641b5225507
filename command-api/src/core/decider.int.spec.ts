import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventStore } from '@recup/infra/event-store/port';
import { streams } from '@recup/shared-events';
import { courseDecider } from '../courses/course-decider';
import { NoSpotsLeft } from '../courses/course-errors';
import { handleCommand, readState } from './decider';
import { commandMetadata } from './metadata';

const now = new Date('2026-11-21T09:00:00.000Z');
const metadata = commandMetadata({ type: 'system', name: 'test' }, now);
const details = {
  title: 'Toulon', titleEn: null, description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: null,
  address: '12 avenue de la République', city: 'Toulon', postalCode: '83000', department: '83' as const,
  startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z', price: 22_000, totalSpots: 2, antsNumber: null,
};

/** The store, counting the events each read of a stream returns. */
function counting(store: EventStore) {
  const reads: number[] = [];
  const wrapped = Object.create(store) as EventStore;
  wrapped.readStream = async (name, options) => {
    const events = await store.readStream(name, options);
    reads.push(events.length);
    return events;
  };
  return { store: wrapped, reads };
}

describe('commands on a stream another writer also appends to', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('read only the events appended since the state they last folded or appended, and still see every other writer\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-decider-'));
    const here = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const elsewhere = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    cleanups.push(async () => {
      await here.close();
      await elsewhere.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const { store, reads } = counting(here);
    const stream = streams.course('c1');
    await handleCommand(store, stream, courseDecider, { type: 'ScheduleCourse', courseId: 'c1', organizationId: 'o1', organizationVerified: true, details, now }, { metadata });
    await handleCommand(store, stream, courseDecider, { type: 'ReserveSpot', courseId: 'c1', bookingId: 'b1', userId: 'u1', sellerVerified: true, earlyStartRequested: true, now }, { metadata });
    // Another process takes the last spot.
    await handleCommand(elsewhere, stream, courseDecider, { type: 'ReserveSpot', courseId: 'c1', bookingId: 'b2', userId: 'u2', sellerVerified: true, earlyStartRequested: true, now }, { metadata });

    reads.length = 0;
    await expect(handleCommand(store, stream, courseDecider, { type: 'ReserveSpot', courseId: 'c1', bookingId: 'b3', userId: 'u3', sellerVerified: true, earlyStartRequested: true, now }, { metadata })).rejects.toThrow(NoSpotsLeft);
    // The course's state was kept as this writer's last append left it: only the other writer's reservation was read.
    expect(reads).toEqual([1]);

    const state = await readState(store, stream, courseDecider);
    expect(state.revision).toBe(2);
    expect(state.state.status === 'scheduled' && Object.keys(state.state.reservations).sort()).toEqual(['b1', 'b2']);
    expect(reads).toEqual([1, 0]);
  });

  it('decide on a stream drawn just now without reading it, and on what it holds should it exist after all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-decider-'));
    const here = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    cleanups.push(async () => {
      await here.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const { store, reads } = counting(here);
    const schedule = (courseId: string) => ({ type: 'ScheduleCourse' as const, courseId, organizationId: 'o1', organizationVerified: true, details, now });
    const fresh = await handleCommand(store, streams.course('new'), courseDecider, schedule('new'), { metadata, newStream: true });
    expect(fresh.revision).toBe(0);
    expect(reads).toEqual([]);

    // A stream that does exist, said new: the append as a new stream is refused, and the command decided on what it holds.
    await handleCommand(store, streams.course('old'), courseDecider, schedule('old'), { metadata });
    reads.length = 0;
    const reserved = await handleCommand(store, streams.course('old'), courseDecider, { type: 'ReserveSpot', courseId: 'old', bookingId: 'b1', userId: 'u1', sellerVerified: true, earlyStartRequested: true, now }, { metadata, newStream: true });
    expect(reserved.revision).toBe(1);
    expect(reserved.events.map((e) => e.type)).toEqual(['SpotReserved']);
    expect(reads).toHaveLength(1);
    expect((await here.readStream(streams.course('old'))).map((e) => e.type)).toEqual(['CourseScheduled', 'SpotReserved']);

    // A stream that exists and leaves nothing to do: answered from what it holds, not from the empty state.
    const again = await handleCommand(store, streams.course('new'), courseDecider, schedule('new'), { metadata, newStream: true }).catch((error: unknown) => error);
    const twice = await handleCommand(store, streams.course('new'), courseDecider, schedule('new'), { metadata }).catch((error: unknown) => error);
    expect(again).toEqual(twice);
    expect(await here.readStream(streams.course('new'))).toHaveLength(1);
  });
});
