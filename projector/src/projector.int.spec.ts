import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventToAppend } from '@recup/infra/event-store/port';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { toDomainEvent } from '@recup/shared-events';
import { courseProjection } from './courses/course-projection';
import type { CourseDocument } from './courses/course-document';
import { applyEvent, CHECKPOINTS_COLLECTION, startProjector, type CheckpointDocument } from './projector';
import { allProjections } from './projections';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };
const scheduled = (courseId: string): EventToAppend => ({
  type: 'CourseScheduled',
  metadata,
  data: {
    courseId, organizationId: 'o1', title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 rue Paul Lendrin',
    city: 'Toulon', postalCode: '83000', department: '83', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z',
    price: 22_000, totalSpots: 10, antsNumber: null,
  },
});
const reserved = (courseId: string, bookingId: string): EventToAppend => ({ type: 'SpotReserved', metadata, data: { courseId, bookingId, userId: `u-${bookingId}`, reservedAt: '2026-11-21T09:00:00.000Z' } });

describe('projector', () => {
  let dir: string;
  let eventStore: EmbeddedSqliteEventStore;
  let readStore: EmbeddedMingoReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'recup-projector-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    readStore = new EmbeddedMingoReadStore();
  });
  afterEach(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is idempotent: an event applied again changes nothing', async () => {
    await eventStore.appendToStream('course-c1', [scheduled('c1'), reserved('c1', 'b1')]);
    const events = (await eventStore.readStream('course-c1')).map(toDomainEvent);
    for (const event of events) expect(await applyEvent(readStore, courseProjection, event)).toBe(true);
    const once = await readStore.collection<CourseDocument>('courses').findOne({ _id: 'c1' });

    for (const event of events) expect(await applyEvent(readStore, courseProjection, event)).toBe(false);
    const twice = await readStore.collection<CourseDocument>('courses').findOne({ _id: 'c1' });
    expect(twice).toEqual(once);
    expect(twice!.spotsTaken).toBe(1);
    expect(twice!._revisions).toEqual({ 'course-c1': 1 });
  });

  it('projects stored then live events, and every checkpoint stands at the head once caught up, whether its projection handled the events or not', async () => {
    await eventStore.appendToStream('course-c1', [scheduled('c1')]);
    await eventStore.appendToStream('admins', [{ type: 'AdminGranted', metadata, data: { userId: 'u9' } }]);
    const progress = new InProcessProjectionProgress();
    const projector = await startProjector({ eventStore, readStore, progress });
    await projector.caughtUp;
    const head = await eventStore.headPosition();
    expect(progress.current()).toBe(head);
    const checkpoints = await readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find();
    expect(checkpoints.length).toBe(allProjections.length);
    for (const checkpoint of checkpoints) expect(checkpoint.position).toBe(head);

    const live = await eventStore.appendToStream('course-c1', [reserved('c1', 'b1'), reserved('c1', 'b2')]);
    expect(await progress.waitFor(live.position, 2000)).toBe(true);
    expect((await readStore.collection<CourseDocument>('courses').findOne({ _id: 'c1' }))!.spotsTaken).toBe(2);
    await projector.close();
  });

  it('starts again from its stored checkpoint, without applying an event twice', async () => {
    await eventStore.appendToStream('course-c1', [scheduled('c1'), reserved('c1', 'b1')]);
    const first = await startProjector({ eventStore, readStore });
    await first.caughtUp;
    await first.close();

    await eventStore.appendToStream('course-c1', [reserved('c1', 'b2')]);
    const second = await startProjector({ eventStore, readStore });
    await second.caughtUp;
    expect((await readStore.collection<CourseDocument>('courses').findOne({ _id: 'c1' }))!.spotsTaken).toBe(2);
    expect(second.position()).toBe(await eventStore.headPosition());
    await second.close();
  });

  it('rebuilds a projection whose version changed', async () => {
    await eventStore.appendToStream('course-c1', [scheduled('c1'), reserved('c1', 'b1')]);
    const first = await startProjector({ eventStore, readStore, projections: [courseProjection] });
    await first.caughtUp;
    await first.close();
    // A stale document that the new version would never produce must disappear with the rebuild.
    await readStore.collection('courses').replaceOne({ _id: 'stale' }, { _id: 'stale', _revisions: {} }, { upsert: true });

    const second = await startProjector({ eventStore, readStore, projections: [{ ...courseProjection, version: courseProjection.version + 1 }] });
    await second.caughtUp;
    const ids = (await readStore.collection('courses').find()).map((d) => d._id);
    expect(ids).toEqual(['c1']);
    expect((await readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: 'courses' }))!.version).toBe(courseProjection.version + 1);
    await second.close();
  });

  it('passes over an event of a type it does not know', async () => {
    await eventStore.appendToStream('somethingElse-1', [{ type: 'SomethingUnknown', metadata, data: {} }]);
    await eventStore.appendToStream('course-c1', [scheduled('c1')]);
    const projector = await startProjector({ eventStore, readStore });
    await projector.caughtUp;
    expect(await readStore.collection('courses').countDocuments()).toBe(1);
    await projector.close();
  });
});
