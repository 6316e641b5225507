import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startOfParisToday } from '@recup/infra/time/paris';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { CourseCitiesDto } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { sellingOrganizationIds } from '../organization-names';

/** The pages anyone may read, as the web app routes them (specification §2). */
export const PUBLIC_PAGES = ['/', '/courses', '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies'] as const;

/** What search engines should leave alone: the APIs, a person's own pages, the staff areas, the token links. */
const PRIVATE_PATHS = ['/api/', '/dev/', '/dashboard', '/profile', '/checkout', '/payment-success', '/admin', '/organization', '/verify-email', '/reset-password', '/forgot-password', '/resend-verification'];

/** The site's address: PUBLIC_URL when set, otherwise the host the request came to (the gateway forwards its own). */
function siteUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`);

/** The courses a search engine may list: upcoming, published, not cancelled, of a centre that may sell. */
async function listedCourses(deps: QueryApiDeps): Promise<CourseDocument[]> {
  return deps.readStore
    .collection<CourseDocument>(COURSES_COLLECTION)
    .find({
      ...PUBLISHED_COURSES, cancelled: false, startDate: { $gte: startOfParisToday(deps.clock.now()).toISOString() },
      organizationId: { $in: await sellingOrganizationIds(deps.readStore) },
    }, { sort: { startDate: 1, _id: 1 } });
}

/** The cities of those courses, in French alphabetical order. */
function citiesOf(courses: CourseDocument[]): CourseCitiesDto['items'] {
  const byCity = new Map<string, { city: string; department: string; courses: number }>();
  for (const course of courses) {
    const found = byCity.get(course.city) ?? { city: course.city, department: course.department, courses: 0 };
    found.courses += 1;
    byCity.set(course.city, found);
  }
  return [...byCity.values()].sort((a, b) => a.city.localeCompare(b.city, 'fr'));
}

/** A city's page: the course list searched around it. */
const cityPagePath = (city: string) => `/courses?location=${encodeURIComponent(city)}`;

/**
 * `/robots.txt` and `/sitemap.xml`, served where the web app is (the embedded server, and the gateway forwards
 * them here): the public pages, every upcoming course page (published, of a verified centre) and every city with such
 * courses (its course list), with absolute addresses and each page's French and English addresses (hreflang).
 */
export async function seoRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl(request, deps.publicUrl)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = siteUrl(request, deps.publicUrl);
    const courses = await listedCourses(deps);
    // The server writes a page in English when its address says `lang=en` (infra/src/http/page-rendering.ts).
    const english = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=en`;
    const alternate = (language: string, path: string) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${base}${path}`)}"/>`;
    const entry = (path: string, lastModified?: string) =>
      `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ''}${alternate('fr', path)}${alternate('en', english(path))}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...PUBLIC_PAGES.map((path) => entry(path)),
      ...courses.map((course) => entry(`/courses/${encodeURIComponent(course._id)}`, course.scheduledAt)),
      ...citiesOf(courses).map((city) => entry(cityPagePath(city.city))),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/courses/cities', { schema: { response: { 200: CourseCitiesDto } } }, async () => ({
    items: citiesOf(await listedCourses(deps)),
  }));
}
