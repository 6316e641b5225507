import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventToAppend } from '@recup/infra/event-store/port';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { EmbeddedSqliteSessionStore } from '@recup/infra/sessions/embedded-sqlite-session-store';
import { startProjector, type RunningProjector } from '@recup/projector';
import { queryApi } from '@recup/query-api/app';
import type { CourseDto } from '@recup/query-api/contracts';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };

function course(id: string, overrides: Partial<Record<string, unknown>> = {}): EventToAppend {
  return {
    type: 'CourseScheduled',
    metadata,
    data: {
      courseId: id, organizationId: 'org-1', title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 rue Paul Lendrin',
      city: 'Toulon', postalCode: '83000', department: '83', startDate: '2026-12-02T07:00:00.000Z', endDate: '2026-12-03T16:00:00.000Z',
      price: 22_000, totalSpots: 10, antsNumber: null, ...overrides,
    },
  };
}

/** The projector's progress, which also says when a query starts waiting for a position not yet reached. */
class WatchedProgress extends InProcessProjectionProgress {
  private readonly onWait: Array<() => void> = [];

  /** Settles once a caller waits for a position the projector has not reached. */
  nextWait(): Promise<void> {
    return new Promise((resolve) => this.onWait.push(resolve));
  }

  override waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const reached = super.waitFor(position, timeoutMs);
    if (position > this.current()) for (const notify of this.onWait.splice(0)) notify();
    return reached;
  }
}

describe('query API', () => {
  let dir: string;
  let app: FastifyInstance;
  let eventStore: EmbeddedSqliteEventStore;
  let projector: RunningProjector;
  const progress = new WatchedProgress();
  // Saturday 21 November 2026, 10:00 in Paris.
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-query-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const readStore = new EmbeddedMingoReadStore();
    await eventStore.appendToStream('organization-org-1', [{
      type: 'OrganizationRegistered', metadata,
      data: { organizationId: 'org-1', name: 'Var Prévention Conduite', address: 'a', city: 'Toulon', postalCode: '83000', email: 'c@x.test', phoneNumber: '0494000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: null, ownerUserId: null, registeredAt: metadata.occurredAt },
    }, { type: 'OrganizationVerified', metadata, data: { organizationId: 'org-1', verifiedAt: metadata.occurredAt } }]);
    await eventStore.appendToStream('course-past', [course('past', { startDate: '2026-11-20T07:00:00.000Z', endDate: '2026-11-21T16:00:00.000Z' })]);
    // Started at 8:00 this morning in Paris: no longer bookable, but not before the start of today.
    await eventStore.appendToStream('course-today', [course('today', { startDate: '2026-11-21T07:00:00.000Z', endDate: '2026-11-22T16:00:00.000Z' })]);
    await eventStore.appendToStream('course-toulon', [course('toulon')]);
    await eventStore.appendToStream('course-salon', [course('salon', { title: 'Salon-de-Provence', city: 'Salon-de-Provence', postalCode: '13300', department: '13', price: 18_900, startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' })]);
    await eventStore.appendToStream('course-nice', [course('nice', { title: 'Nice', city: 'Nice', postalCode: '06000', department: '06', price: 25_900, startDate: '2027-01-16T07:00:00.000Z', endDate: '2027-01-17T16:00:00.000Z' })]);
    await eventStore.appendToStream('course-cancelled', [course('cancelled'), { type: 'CourseCancelled', metadata, data: { courseId: 'cancelled', reason: 'x' } }]);
    await eventStore.appendToStream('course-toulon', [{ type: 'SpotReserved', metadata, data: { courseId: 'toulon', bookingId: 'b1', userId: 'u1', reservedAt: metadata.occurredAt } }]);

    projector = await startProjector({ eventStore, readStore, progress });
    await projector.caughtUp;
    const sessionStore = new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite'));
    app = Fastify();
    await app.register(queryApi, { readStore, progress, clock, sessions: { store: sessionStore, secret: 's'.repeat(40), secure: false }, consistencyTimeoutMs: 150 });
  });
  afterAll(async () => {
    await app.close();
    await projector.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/courses/search${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as CourseDto[]).map((c) => c.id);
  };

  describe('course search', () => {
    it('hides past and cancelled courses, keeps today’s, soonest first', async () => {
      expect(await search()).toEqual(['today', 'toulon', 'salon', 'nice']);
    });

    it('answers a course with its centre, spots left and status', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/courses/search?department=83' });
      const toulon = (response.json() as CourseDto[]).find((c) => c.id === 'toulon');
      expect(toulon).toMatchObject({ organization: { id: 'org-1', name: 'Var Prévention Conduite' }, spotsLeft: 9, totalSpots: 10, price: 22_000, status: 'SCHEDULED', titleEn: 'Toulon', distanceKm: null });
      const today = (response.json() as CourseDto[]).find((c) => c.id === 'today');
      expect(today?.status).toBe('IN_PROGRESS');
    });

    it('filters by department', async () => {
      expect(await search('?department=13')).toEqual(['salon']);
    });

    it('finds a place whatever its accents, case and hyphens, or its postal code', async () => {
      expect(await search('?location=salon%20de%20provence&maxDistance=20')).toEqual(['salon']);
      expect(await search('?location=SALON-DE-PROVENCE&maxDistance=20')).toEqual(['salon']);
      expect(await search('?location=13300&maxDistance=20')).toEqual(['salon']);
      expect(await search('?location=%20%20Nice%20&maxDistance=20')).toEqual(['nice']);
      // Not a whole commune name: matched as text.
      expect(await search('?location=salon')).toEqual(['salon']);
      expect(await search('?location=Lyon')).toEqual([]);
    });

    it('filters by start date range, in Paris days', async () => {
      expect(await search('?startDate=2026-12-05')).toEqual(['salon', 'nice']);
      expect(await search('?startDate=2026-12-01&endDate=2026-12-05')).toEqual(['toulon', 'salon']);
    });

    it('keeps only courses with a Saturday when asked for weekends', async () => {
      expect(await search('?weekend=true')).toEqual(['today', 'salon', 'nice']);
    });

    it('keeps only courses up to a price in euros', async () => {
      expect(await search('?maxPrice=220')).toEqual(['today', 'toulon', 'salon']);
      expect(await search('?maxPrice=200')).toEqual(['salon']);
    });

    it('refuses a malformed parameter with a 400 naming it', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/courses/search?department=75', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'department' });
      const price = await app.inject({ method: 'GET', url: '/api/courses/search?maxPrice=cheap' });
      expect(price.json()).toMatchObject({ field: 'maxPrice', message: expect.stringContaining('maxPrice') });
    });
  });

  describe('course detail', () => {
    it('answers a course or a 404 problem', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/courses/nice' })).json()).toMatchObject({ id: 'nice', city: 'Nice' });
      const missing = await app.inject({ method: 'GET', url: '/api/courses/nope', headers: { 'accept-language': 'fr' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'COURSE_NOT_FOUND', message: 'Stage introuvable.' });
    });
  });

  describe('read-your-writes', () => {
    it('waits for the projector to reach X-Min-Position, then answers with the write', async () => {
      const waiting = progress.nextWait();
      const pending = app.inject({ method: 'GET', url: '/api/courses/salon', headers: { 'x-min-position': String(projector.position() + 1) } });
      await waiting;
      await eventStore.appendToStream('course-salon', [{ type: 'SpotReserved', metadata, data: { courseId: 'salon', bookingId: 'b2', userId: 'u2', reservedAt: metadata.occurredAt } }]);
      const response = await pending;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ spotsLeft: 9 });
      // How long it was held for the projector, apart from any queue: the projection lag its caller saw.
      expect(response.headers['server-timing']).toMatch(/^projection;dur=\d+\.\d;desc="waited for X-Min-Position"$/);
    });

    it('answers at once, saying it waited 0 ms, a position the projector has reached', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/courses/salon', headers: { 'x-min-position': String(projector.position()) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-projection-position']).toBe(String(projector.position()));
      expect(response.headers['server-timing']).toBe('projection;dur=0.0;desc="waited for X-Min-Position"');
      // A query without the header says nothing of a wait it did not make.
      expect((await app.inject({ method: 'GET', url: '/api/courses/salon' })).headers['server-timing']).toBeUndefined();
    });

    it('answers 503 with Retry-After rather than stale data when the projector does not get there in time', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/courses/salon', headers: { 'x-min-position': String(projector.position() + 1000) } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ code: 'PROJECTION_LAGGING' });
      // It waited the whole consistency timeout (150 ms here) before giving up.
      const waited = /^projection;dur=(\d+\.\d);/.exec(String(response.headers['server-timing']));
      expect(Number(waited?.[1])).toBeGreaterThanOrEqual(149);
    });

    it('refuses a malformed X-Min-Position', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/courses/salon', headers: { 'x-min-position': 'soon' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'X-Min-Position' });
    });
  });

  describe('signed-in queries', () => {
    it('answers 401 to an anonymous caller', async () => {
      for (const url of ['/api/auth/me', '/api/user/bookings']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
      }
    });
  });
});
