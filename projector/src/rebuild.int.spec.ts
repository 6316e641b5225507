import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import type { ReadStore } from '@recup/infra/read-store/port';
import type { BookingDocument } from './bookings/booking-document';
import type { PaymentDocument } from './payments/payment-document';
import { bookingProjection } from './bookings/booking-projection';
import { startProjector } from './projector';
import { allProjections } from './projections';
import { CHECKPOINTS_COLLECTION, decodeEvent, foldEvent, rebuildProjections, type CheckpointDocument, type RebuildProgress } from './rebuild';
import { documentIdsOf, type ProjectedDoc } from './projection';
import { appendSampleLog, type SampleLog } from './testing/rebuild-sample-log';
import { verifyProjections } from './rebuild-verify';

/** Every document of every projection, by collection, in id order. */
async function models(readStore: ReadStore) {
  const out: Record<string, unknown[]> = {};
  for (const p of allProjections) out[p.collection] = await readStore.collection(p.collection).find({}, { sort: { _id: 1 } });
  return out;
}

/** The live model as the projector builds it: a catch-up subscription, event by event. */
async function projectIncrementally(eventStore: EmbeddedSqliteEventStore, readStore: ReadStore) {
  const projector = await startProjector({ eventStore, readStore });
  await projector.caughtUp;
  await projector.close();
}

describe('rebuilding the read models from the log', () => {
  let dir: string;
  let eventStore: EmbeddedSqliteEventStore;
  let sample: SampleLog;
  beforeAll(async () => {
    // Every append is synced to disk; in memory-backed storage the fixture takes seconds instead of a minute.
    dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'recup-rebuild-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    sample = await appendSampleLog(eventStore, { events: 2_500 });
  });
  afterAll(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds, in one batch pass, exactly what the projector builds event by event', async () => {
    const live = new EmbeddedMingoReadStore();
    await projectIncrementally(eventStore, live);
    const rebuilt = new EmbeddedMingoReadStore();
    const progress: RebuildProgress[] = [];
    const result = await rebuildProjections({ eventStore, readStore: rebuilt, projections: allProjections, onProgress: (p) => progress.push(p) });

    expect(result.events).toBe(sample.events);
    expect(result.position).toBe(await eventStore.headPosition());
    expect(await models(rebuilt)).toEqual(await models(live));
    const bookings = await rebuilt.collection<BookingDocument>('bookings').find({});
    expect(bookings).toHaveLength(sample.bookings);
    expect(bookings.filter((b) => b.status === 'CANCELLED' && b.refundDue).map((b) => b._id).sort()).toEqual([...sample.refunded].sort());
    const refunded = await rebuilt.collection<PaymentDocument>('payments').findOne({ bookingId: sample.refunded[0] });
    expect(refunded).toMatchObject({ status: 'REFUNDED' });
    // The swap leaves no collection aside, and the checkpoints stand where the rebuild stopped.
    expect((await rebuilt.listCollections()).filter((name) => name.includes('__'))).toEqual([]);
    const checkpoints = await rebuilt.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({});
    expect(checkpoints.map((c) => [c._id, c.position, c.version]).sort()).toEqual(allProjections.map((p) => [p.name, result.position, p.version]).sort());

    const replaying = progress.filter((p) => p.phase === 'replaying');
    expect(replaying.at(-1)).toMatchObject({ done: sample.events, total: sample.events });
    expect(replaying[0]!.done).toBeLessThan(sample.events);
    expect(replaying[0]!.total).toBe(sample.events);
    expect(replaying.every((p) => p.eventsPerSecond > 0 && p.etaMs !== null)).toBe(true);
  });

  it('has no projection change the document it folds: the projector hands it the stored one, not a copy', async () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const inner of Object.values(value)) deepFreeze(inner);
      }
      return value;
    };
    const docs = new Map<string, ProjectedDoc>();
    let folds = 0;
    for (const recorded of await eventStore.readAll()) {
      const event = decodeEvent(recorded);
      if (!event) continue;
      for (const projection of allProjections) {
        for (const id of documentIdsOf(projection, event)) {
          const key = `${projection.collection}/${id}`;
          // Frozen, deep: a fold that wrote into it would throw here (modules run in strict mode).
          const fold = foldEvent(projection, id, deepFreeze(docs.get(key) ?? null), event);
          if (!fold.changed) continue;
          folds += 1;
          if (fold.next === null) docs.delete(key);
          else docs.set(key, fold.next);
        }
      }
    }
    expect(folds).toBeGreaterThan(sample.events);
  });

  it('finds no difference between a sound live model and the log', async () => {
    const live = new EmbeddedMingoReadStore();
    await projectIncrementally(eventStore, live);
    const verified = await verifyProjections({ eventStore, readStore: live, projections: allProjections });
    expect(verified.differences).toEqual([]);
    expect(verified.documents).toBeGreaterThan(sample.bookings * 2);
    expect(verified.livePosition).toBe(await eventStore.headPosition());
    // The collections built aside for the comparison are gone.
    expect((await live.listCollections()).filter((name) => name.includes('__'))).toEqual([]);
  });

  it('reports every live document that differs from the log: changed, missing and extra', async () => {
    const live = new EmbeddedMingoReadStore();
    await projectIncrementally(eventStore, live);
    const [changed, removed] = sample.refunded;
    await live.collection('bookings').updateOne({ _id: changed }, { $set: { status: 'CONFIRMED' } });
    await live.collection('payments').deleteOne({ bookingId: removed });
    await live.collection('users').replaceOne({ _id: 'ghost' }, { _id: 'ghost', _revisions: {} }, { upsert: true });
    const removedPayment = (await (await rebuildAside()).find({ bookingId: removed }))[0]!;

    const verified = await verifyProjections({ eventStore, readStore: live, projections: allProjections });
    expect(verified.differences).toEqual([
      { collection: 'bookings', id: changed, path: 'status', live: 'CONFIRMED', rebuilt: 'CANCELLED' },
      { collection: 'payments', id: removedPayment._id, path: '_id', live: undefined, rebuilt: removedPayment._id },
      { collection: 'users', id: 'ghost', path: '_id', live: 'ghost', rebuilt: undefined },
    ]);

    async function rebuildAside() {
      const store = new EmbeddedMingoReadStore();
      await rebuildProjections({ eventStore, readStore: store, projections: allProjections });
      return store.collection<PaymentDocument>('payments');
    }
  });

  it('verifies one projection alone, naming the first differing field of a nested value', async () => {
    const live = new EmbeddedMingoReadStore();
    await projectIncrementally(eventStore, live);
    const invoiced = (await live.collection<BookingDocument>('bookings').find({ invoice: { $ne: null } }))[0]!;
    await live.collection('bookings').updateOne({ _id: invoiced._id }, { $set: { 'invoice.number': 'RP-1999-000001' } });
    await live.collection('courses').deleteMany({});

    const verified = await verifyProjections({ eventStore, readStore: live, projections: [bookingProjection] });
    expect(verified.differences).toEqual([{ collection: 'bookings', id: invoiced._id, path: 'invoice.number', live: 'RP-1999-000001', rebuilt: invoiced.invoice!.number }]);
  });

  it('folds in the events appended while it runs, before swapping', async () => {
    const store = new EmbeddedMingoReadStore();
    const late = new EmbeddedSqliteEventStore(join(dir, 'late.sqlite'));
    try {
      await appendSampleLog(late, { events: 600, seed: 7 });
      let appended = false;
      const result = await rebuildProjections({
        eventStore: late, readStore: store, projections: allProjections, batchSize: 100,
        onProgress: () => {
          if (appended) return;
          appended = true;
          void late.appendToStream('booking-sample-booking-0', [{ type: 'BookingCompleted', data: { bookingId: 'sample-booking-0', completedAt: '2026-03-01T16:00:00.000Z' }, metadata: { actor: { type: 'system', name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-03-01T16:00:00.000Z' } }]);
        },
      });
      expect(result.position).toBe(await late.headPosition());
      const live = new EmbeddedMingoReadStore();
      await projectIncrementally(late, live);
      expect(await models(store)).toEqual(await models(live));
    } finally {
      await late.close();
    }
  });

  it('is what the projector runs at start for a projection whose version changed', async () => {
    const readStore = new EmbeddedMingoReadStore();
    await projectIncrementally(eventStore, readStore);
    const expected = await models(readStore);
    await readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).updateOne({ _id: 'bookings' }, { $set: { version: bookingProjection.version - 1, position: 3 } });
    await readStore.collection('bookings').replaceOne({ _id: 'stale' }, { _id: 'stale', _revisions: {} }, { upsert: true });
    const messages: string[] = [];
    const logger = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m), error: (m: string) => messages.push(m) };

    const projector = await startProjector({ eventStore, readStore, logger });
    await projector.caughtUp;
    await projector.close();
    expect(await models(readStore)).toEqual(expected);
    expect(messages).toEqual([
      `projection bookings changed from version ${bookingProjection.version - 1} to ${bookingProjection.version}: rebuilding it`,
      expect.stringMatching(new RegExp(`^rebuilt bookings: ${sample.events} events in \\d+ ms$`)),
    ]);
    expect(await readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: 'bookings' })).toMatchObject({ version: bookingProjection.version, position: await eventStore.headPosition() });
  });
});
