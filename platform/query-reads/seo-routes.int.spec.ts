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
import { PUBLIC_PAGES } from '@recup/query-api/seo/seo-routes';
import { centreEvents } from './centre-events';

const metadata = { actor: { type: 'system' as const, name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-20T09:00:00.000Z' };
const scheduled = (id: string, first: string, last: string, organizationId = 'org-1') => ({
  type: 'CourseScheduled',
  metadata,
  data: {
    courseId: id, organizationId, title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 rue Paul Lendrin',
    city: 'Toulon', postalCode: '83000', department: '83', startDate: `${first}T07:00:00.000Z`, endDate: `${last}T16:00:00.000Z`, price: 22_000, totalSpots: 10, antsNumber: null,
  },
});

describe('robots.txt and sitemap.xml', () => {
  let dir: string;
  let eventStore: EmbeddedSqliteEventStore;
  let readStore: EmbeddedMingoReadStore;
  let projector: RunningProjector;
  const apps: FastifyInstance[] = [];

  async function appWith(publicUrl?: string) {
    const app = Fastify({ trustProxy: true });
    await app.register(queryApi, {
      readStore, progress: new InProcessProjectionProgress(), clock: new ManualClock('2026-11-21T09:00:00.000Z'), publicUrl,
      sessions: { store: new EmbeddedSqliteSessionStore(join(dir, `sessions-${apps.length}.sqlite`)), secret: 's'.repeat(40), secure: false }, consistencyTimeoutMs: 150,
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-seo-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    readStore = new EmbeddedMingoReadStore();
    await eventStore.appendToStream('organization-org-1', centreEvents('org-1', metadata));
    // A centre whose verification was withdrawn: its course is public no more.
    await eventStore.appendToStream('organization-org-2', [
      ...centreEvents('org-2', metadata, { name: 'Renamed Centre <b>x</b>' }),
      { type: 'OrganizationUnverified', metadata, data: { organizationId: 'org-2', unverifiedAt: metadata.occurredAt } },
    ]);
    await eventStore.appendToStream('course-upcoming', [scheduled('upcoming', '2026-12-04', '2026-12-05')]);
    await eventStore.appendToStream('course-unverified', [scheduled('unverified', '2026-12-04', '2026-12-05', 'org-2')]);
    await eventStore.appendToStream('course-past', [scheduled('past', '2026-11-13', '2026-11-14')]);
    await eventStore.appendToStream('course-cancelled', [scheduled('cancelled', '2026-12-11', '2026-12-12'), { type: 'CourseCancelled', metadata, data: { courseId: 'cancelled', reason: 'x' } }]);
    projector = await startProjector({ eventStore, readStore, progress: new InProcessProjectionProgress() });
    await projector.caughtUp;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await projector.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('robots.txt keeps engines out of the APIs and private pages, and names the sitemap at the address asked', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'stages.example.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/api/', '/dashboard', '/profile', '/checkout', '/admin', '/organization']) expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain('Sitemap: http://stages.example.test/sitemap.xml');
    expect(response.body).not.toMatch(/<html|<!doctype/i);
  });

  it('the sitemap lists the public pages and the upcoming course pages, not past or cancelled ones, nor those of a centre not verified', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'stages.example.test', 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      ...PUBLIC_PAGES.map((path) => `https://stages.example.test${path}`),
      'https://stages.example.test/courses/upcoming',
      // Issue 21: each city with courses, its course list (the city's page).
      'https://stages.example.test/courses?location=Toulon',
    ]);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    // Each page's French and English addresses.
    expect(response.body).toContain('<loc>https://stages.example.test/courses/upcoming</loc><lastmod>2026-11-20</lastmod><xhtml:link rel="alternate" hreflang="fr" href="https://stages.example.test/courses/upcoming"/><xhtml:link rel="alternate" hreflang="en" href="https://stages.example.test/courses/upcoming?lang=en"/>');
    expect(response.body).toContain('hreflang="en" href="https://stages.example.test/courses?location=Toulon&amp;lang=en"');
  });

  it('lists the cities with upcoming courses, for the city pages', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/courses/cities' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [{ city: 'Toulon', department: '83', courses: 1 }] });
  });

  it('uses PUBLIC_URL when it is set, whatever host was asked', async () => {
    const app = await appWith('https://www.recup-points.fr/');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'internal:3002' } });
    expect(robots.body).toContain('Sitemap: https://www.recup-points.fr/sitemap.xml');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'internal:3002' } });
    expect(sitemap.body).toContain('<loc>https://www.recup-points.fr/courses/upcoming</loc>');
    expect(sitemap.body).not.toContain('internal:3002');
  });
});
