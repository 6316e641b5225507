import type { FastifyInstance, FastifyRequest } from 'fastify';
import { startOfParisToday } from '@recup/infra/time/paris';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
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

/**
 * `/robots.txt` and `/sitemap.xml`, served where the web app is (the embedded server, and the gateway forwards
 * them here): the public pages and every upcoming course page (published, of a verified centre), with absolute addresses.
 */
export async function seoRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl(request, deps.publicUrl)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = siteUrl(request, deps.publicUrl);
    const courses = await deps.readStore
      .collection<CourseDocument>(COURSES_COLLECTION)
      .find({
        ...PUBLISHED_COURSES, cancelled: false, startDate: { $gte: startOfParisToday(deps.clock.now()).toISOString() },
        organizationId: { $in: await sellingOrganizationIds(deps.readStore) },
      }, { sort: { startDate: 1, _id: 1 } });
    const entry = (path: string, lastModified?: string) =>
      `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((path) => entry(path)),
      ...courses.map((course) => entry(`/courses/${encodeURIComponent(course._id)}`, course.scheduledAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
}
