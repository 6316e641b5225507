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
import type { CourseDto, CourseSearchPage } from '@recup/query-api/contracts';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };

const places = {
  toulon: { city: 'Toulon', postalCode: '83000', department: '83' },
  hyeres: { city: 'Hyères', postalCode: '83400', department: '83' },
  marseille: { city: 'Marseille', postalCode: '13001', department: '13' },
  nice: { city: 'Nice', postalCode: '06000', department: '06' },
};

/** A course from 08:00 on `first` to 17:00 the next day, in Paris (winter: UTC+1), at `euros`. */
const scheduled = (id: string, place: keyof typeof places, first: string, euros: number) => ({
  type: 'CourseScheduled',
  metadata,
  data: {
    courseId: id, organizationId: 'org-1', title: places[place].city, titleEn: null, description: 'Stage', descriptionEn: null, address: '1 place de la Mairie',
    ...places[place], startDate: `${first}T07:00:00.000Z`, endDate: new Date(Date.parse(`${first}T07:00:00.000Z`) + 33 * 3_600_000).toISOString(),
    price: euros * 100, totalSpots: 10, antsNumber: `ANTS-${places[place].department}-${id}`,
  },
});

describe('the order of the courses found', () => {
  let dir: string;
  let app: FastifyInstance;
  let eventStore: EmbeddedSqliteEventStore;
  let projector: RunningProjector;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-sort-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const readStore = new EmbeddedMingoReadStore();
    const progress = new InProcessProjectionProgress();
    await eventStore.appendToStream('organization-org-1', [
      {
        type: 'OrganizationRegistered', metadata,
        data: {
          organizationId: 'org-1', ownerUserId: null, registeredAt: metadata.occurredAt, name: 'Var Prévention Conduite', address: '14 boulevard de Strasbourg', city: 'Toulon',
          postalCode: '83000', email: 'contact@vpc.test', phoneNumber: '0494000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: 'R1308300021',
        },
      },
      // Only a verified centre's courses are public.
      { type: 'OrganizationVerified', metadata, data: { organizationId: 'org-1', verifiedAt: metadata.occurredAt } },
    ]);
    // Soonest: Marseille (far from Toulon, mid-priced); then Hyères (near, dearest); then Toulon (here, cheapest); Nice last (far, mid-priced).
    await eventStore.appendToStream('course-marseille', [scheduled('marseille', 'marseille', '2026-12-03', 230)]);
    await eventStore.appendToStream('course-hyeres', [scheduled('hyeres', 'hyeres', '2026-12-08', 260)]);
    await eventStore.appendToStream('course-toulon', [scheduled('toulon', 'toulon', '2026-12-15', 190)]);
    await eventStore.appendToStream('course-nice', [scheduled('nice', 'nice', '2026-12-22', 230)]);
    projector = await startProjector({ eventStore, readStore, progress });
    await projector.caughtUp;
    app = Fastify();
    await app.register(queryApi, {
      readStore, progress, clock: new ManualClock('2026-11-21T09:00:00.000Z'), refundCutoffHours: 48,
      sessions: { store: new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite')), secret: 's'.repeat(40), secure: false }, consistencyTimeoutMs: 150,
    });
  });
  afterAll(async () => {
    await app.close();
    await projector.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/courses/search${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as CourseDto[]).map((course) => course.id);
  };

  it('is by date without a place, nearest first around a place', async () => {
    expect(await ids('')).toEqual(['marseille', 'hyeres', 'toulon', 'nice']);
    expect(await ids('?location=Toulon')).toEqual(['toulon', 'hyeres', 'marseille', 'nice']);
  });

  it('is by date, by distance or by price, as asked', async () => {
    expect(await ids('?location=Toulon&sort=date')).toEqual(['marseille', 'hyeres', 'toulon', 'nice']);
    expect(await ids('?location=Toulon&sort=distance')).toEqual(['toulon', 'hyeres', 'marseille', 'nice']);
    // Cheapest first; at the same price, the soonest.
    expect(await ids('?sort=price')).toEqual(['toulon', 'marseille', 'nice', 'hyeres']);
    expect(await ids('?location=Toulon&maxDistance=25&sort=price')).toEqual(['toulon', 'hyeres']);
  });

  it('falls back on the date when asked for distances without a place', async () => {
    expect(await ids('?sort=distance')).toEqual(['marseille', 'hyeres', 'toulon', 'nice']);
  });

  it('keeps the order across pages: each course on one page only', async () => {
    const page = async (n: number) => (await app.inject({ method: 'GET', url: `/api/courses/search?sort=price&page=${n}&pageSize=3` })).json() as CourseSearchPage;
    const [first, second] = [await page(1), await page(2)];
    expect([...first.items, ...second.items].map((course) => course.id)).toEqual(['toulon', 'marseille', 'nice', 'hyeres']);
    expect(first.total).toBe(4);
  });

  it('refuses an unknown order with a 400 naming it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/courses/search?sort=rating' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'sort' });
  });

  it('names the centre’s prefectoral approval, the course’s ANTS number and the refund rule with each course', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/courses/toulon' });
    expect(response.json()).toMatchObject({
      antsNumber: 'ANTS-83-toulon',
      organization: { id: 'org-1', name: 'Var Prévention Conduite', prefectApprovalReference: 'R1308300021' },
      refundCutoffHours: 48,
    });
    const found = (await app.inject({ method: 'GET', url: '/api/courses/search?location=Toulon' })).json() as CourseDto[];
    expect(found[0]).toMatchObject({ organization: { prefectApprovalReference: 'R1308300021' }, refundCutoffHours: 48 });
  });
});
