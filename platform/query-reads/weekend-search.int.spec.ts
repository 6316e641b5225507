import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { EmbeddedSqliteSessionStore } from '@recup/infra/sessions/embedded-sqlite-session-store';
import { startProjector, type RunningProjector } from '@recup/projector';
import { queryApi } from '@recup/query-api/app';
import type { CourseDto } from '@recup/query-api/contracts';
import { centreEvents } from './centre-events';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };

/** A course from 08:00 on `first` to 17:00 on `last`, in Paris (winter: UTC+1). */
const scheduled = (id: string, first: string, last: string) => ({
  type: 'CourseScheduled',
  metadata,
  data: {
    courseId: id, organizationId: 'org-1', title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 rue Paul Lendrin',
    city: 'Toulon', postalCode: '83000', department: '83', startDate: `${first}T07:00:00.000Z`, endDate: `${last}T16:00:00.000Z`,
    price: 22_000, totalSpots: 10, antsNumber: null,
  },
});

describe('"weekend only"', () => {
  let dir: string;
  let app: FastifyInstance;
  let eventStore: EmbeddedSqliteEventStore;
  let projector: RunningProjector;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-weekend-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const readStore = new EmbeddedMingoReadStore();
    const progress = new InProcessProjectionProgress();
    await eventStore.appendToStream('organization-org-1', centreEvents('org-1', metadata));
    await eventStore.appendToStream('course-fri-sat', [scheduled('fri-sat', '2026-12-04', '2026-12-05')]);
    await eventStore.appendToStream('course-sun-mon', [scheduled('sun-mon', '2026-12-06', '2026-12-07')]);
    await eventStore.appendToStream('course-mon-tue', [scheduled('mon-tue', '2026-12-07', '2026-12-08')]);
    await eventStore.appendToStream('course-thu-fri', [scheduled('thu-fri', '2026-12-10', '2026-12-11')]);
    await eventStore.appendToStream('course-sat-sun', [scheduled('sat-sun', '2026-12-12', '2026-12-13')]);
    projector = await startProjector({ eventStore, readStore, progress });
    await projector.caughtUp;
    app = Fastify();
    await app.register(queryApi, {
      readStore, progress, clock: new ManualClock('2026-11-21T09:00:00.000Z'),
      sessions: { store: new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite')), secret: 's'.repeat(40), secure: false }, consistencyTimeoutMs: 150,
    });
  });
  afterAll(async () => {
    await app.close();
    await projector.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps exactly the courses with a Saturday: no Sunday–Monday course', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/courses/search?weekend=true' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as CourseDto[]).map((course) => course.id)).toEqual(['fri-sat', 'sat-sun']);
  });

  it('keeps every course without it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/courses/search?weekend=false' });
    expect((response.json() as CourseDto[]).map((course) => course.id)).toEqual(['fri-sat', 'sun-mon', 'mon-tue', 'thu-fri', 'sat-sun']);
  });
});
