import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventToAppend } from '@recup/infra/event-store/port';
import { haversineKm } from '@recup/infra/geo/gazetteer';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { DEMO_CENTRES } from '@recup/infra/seed/demo-catalog';
import { EmbeddedSqliteSessionStore } from '@recup/infra/sessions/embedded-sqlite-session-store';
import { startProjector, type RunningProjector } from '@recup/projector';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { queryApi } from '@recup/query-api/app';
import type { CourseDto } from '@recup/query-api/contracts';
import { centreEvents } from './centre-events';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-21T09:00:00.000Z' };
// Town centres as La Poste places them (infra/data/paca-communes.csv: INSEE 83137, 13103).
const TOULON = { lat: 43.1361589728, lon: 5.93239634249 };
const SALON = { lat: 43.6462885238, lon: 5.06814649576 };

const slug = (city: string) => city.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
const venues = DEMO_CENTRES.flatMap((centre) => centre.venues);

function course(id: string, place: { city: string; postalCode: string; department: string }, day: number): EventToAppend {
  const start = new Date(Date.UTC(2026, 11, 1 + day, 7));
  return {
    type: 'CourseScheduled',
    metadata,
    data: {
      courseId: id, organizationId: 'org-1', title: place.city, titleEn: null, description: 'Stage', descriptionEn: null, address: '1 place de la Mairie',
      city: place.city, postalCode: place.postalCode, department: place.department, startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 33 * 3_600_000).toISOString(), price: 22_000, totalSpots: 10, antsNumber: null,
    },
  };
}

describe('course search by distance', () => {
  let dir: string;
  let app: FastifyInstance;
  let eventStore: EmbeddedSqliteEventStore;
  let readStore: EmbeddedMingoReadStore;
  let projector: RunningProjector;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-distance-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    readStore = new EmbeddedMingoReadStore();
    await eventStore.appendToStream('organization-org-1', centreEvents('org-1', metadata));
    // One course in every town of the demo catalogue, the later the further down the list...
    for (const [i, venue] of venues.entries()) await eventStore.appendToStream(`course-${slug(venue.city)}`, [course(slug(venue.city), venue, i)]);
    // ...a second one in Toulon, before the first, and one in a place no gazetteer knows.
    await eventStore.appendToStream('course-toulon-early', [course('toulon-early', { city: 'Toulon', postalCode: '83000', department: '83' }, -1)]);
    await eventStore.appendToStream('course-nowhere', [course('nowhere', { city: 'Nulle-Part', postalCode: '83999', department: '83' }, 3)]);
    projector = await startProjector({ eventStore, readStore, progress: new InProcessProjectionProgress() });
    await projector.caughtUp;
    app = Fastify();
    await app.register(queryApi, {
      readStore, progress: new InProcessProjectionProgress(), clock: new ManualClock('2026-11-21T09:00:00.000Z'),
      sessions: { store: new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite')), secret: 's'.repeat(40), secure: false }, consistencyTimeoutMs: 150,
    });
  });
  afterAll(async () => {
    await app.close();
    await projector.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/courses/search${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CourseDto[];
  };

  it('places every course of the demo catalogue in the read model', async () => {
    const docs = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({});
    expect(docs).toHaveLength(venues.length + 2);
    for (const doc of docs.filter((d) => d._id !== 'nowhere')) expect(doc.location, doc.city).not.toBeNull();
    expect(docs.find((d) => d._id === 'nowhere')!.location).toBeNull();
  });

  it('finds the courses within 30 km of Toulon, nearest first, each with its distance', async () => {
    const found = await search('?location=Toulon&maxDistance=30');
    const docs = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find({});
    const expected = docs.filter((d) => d.location && haversineKm(TOULON, d.location) <= 30).map((d) => d._id);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(expected.length).toBeLessThan(docs.length / 2);
    expect(found.map((c) => c.id).sort()).toEqual(expected.sort());
    for (const c of found) {
      const doc = docs.find((d) => d._id === c.id)!;
      expect(c.distanceKm, c.city).toBe(Math.round(haversineKm(TOULON, doc.location!) * 10) / 10);
      expect(c.distanceKm!).toBeLessThanOrEqual(30);
    }
    const distances = found.map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Two courses in Toulon itself: at 0 km, the sooner first.
    expect(found.slice(0, 2).map((c) => [c.id, c.distanceKm])).toEqual([['toulon-early', 0], ['toulon', 0]]);
    expect(found.map((c) => c.city)).toEqual(expect.arrayContaining(['La Seyne-sur-Mer', 'Hyères']));
    expect(found.map((c) => c.city)).not.toContain('Marseille');
  });

  it('finds Salon-de-Provence by its name however written, or by its postal code', async () => {
    for (const location of ['Salon%20de%20Provence', 'salon-de-provence', 'SALON%20DE%20PROVENCE', '13300']) {
      const found = await search(`?location=${location}&maxDistance=5`);
      expect(found.map((c) => c.id), location).toEqual(['salon-de-provence']);
      expect(found[0]!.distanceKm).toBe(0);
    }
    const around = await search('?location=13300&maxDistance=40');
    expect(around[0]!.id).toBe('salon-de-provence');
    expect(around.map((c) => c.city)).toEqual(expect.arrayContaining(['Aix-en-Provence', 'Martigues', 'Arles']));
    for (const c of around) expect(c.distanceKm).toBeLessThanOrEqual(40);
    expect(around.find((c) => c.city === 'Arles')!.distanceKm).toBeCloseTo(haversineKm(SALON, { lat: 43.5468692378, lon: 4.66215642574 }), 1);
  });

  it('without maxDistance keeps every course, nearest first, an unknown place last', async () => {
    const found = await search('?location=Toulon');
    expect(found).toHaveLength(venues.length + 2);
    expect(found[0]!.id).toBe('toulon-early');
    expect(found.at(-1)).toMatchObject({ id: 'nowhere', distanceKm: null });
    const distances = found.slice(0, -1).map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('combines distance with the other filters', async () => {
    const found = await search('?location=Toulon&maxDistance=30&startDate=2026-12-01');
    expect(found.map((c) => c.id)).not.toContain('toulon-early');
    expect(found[0]!.id).toBe('toulon');
    expect(await search('?location=Toulon&maxDistance=30&department=13')).toEqual([]);
  });

  it('falls back to matching the text of a place it does not know, without distances', async () => {
    const soonest = (courses: CourseDto[]) => courses.map((c) => c.startDate);
    const partial = await search('?location=Salon&maxDistance=10');
    expect(partial.map((c) => c.id)).toEqual(['salon-de-provence']);
    expect(partial[0]!.distanceKm).toBeNull();
    expect(await search('?location=Lyon&maxDistance=30')).toEqual([]);
    const unknown = await search('?location=Nulle-Part');
    expect(unknown.map((c) => [c.id, c.distanceKm])).toEqual([['nowhere', null]]);
    const all = await search('');
    expect(all.every((c) => c.distanceKm === null)).toBe(true);
    expect(soonest(all)).toEqual([...soonest(all)].sort());
  });

  it('refuses a bad maxDistance with a 400 naming it, in the caller’s language', async () => {
    for (const value of ['far', '-5', '5000']) {
      const response = await app.inject({ method: 'GET', url: `/api/courses/search?location=Toulon&maxDistance=${value}`, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, value).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'maxDistance', message: expect.stringContaining('Invalid field "maxDistance"') });
    }
    const french = await app.inject({ method: 'GET', url: '/api/courses/search?maxDistance=loin', headers: { 'accept-language': 'fr' } });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({ field: 'maxDistance', message: expect.stringContaining('Champ « maxDistance » invalide') });
  });
});
