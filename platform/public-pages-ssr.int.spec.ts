import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { signUpLearner, startTestPlatform } from './testing';

const ROOT = join(import.meta.dirname, '..');

/** What a reader without JavaScript (a crawler, a slow phone before the scripts run) reads in the page: its text. */
function textOf(html: string): string {
  const body = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json" id="ssr-state">'));
  return body
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ');
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

/**
 * Issue 21: the public pages arrive written, with their data, in the visitor's language — what a visitor without
 * JavaScript and a search engine read. The web app's server entry is built here (`vite build --ssr`), as
 * `npm run build` does, into a folder of this test's own.
 */
describe('public pages rendered on the server', () => {
  const outDir = join(ROOT, 'dist', `ssr-test-${process.pid}`);
  const webDist = mkdtempSync(join(tmpdir(), 'recup-ssr-web-'));
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let course: CourseDto;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(ROOT, 'web'), encoding: 'utf8', timeout: 120_000,
    });
    if (built.status !== 0) throw new Error(built.stderr);
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    copyFileSync(join(ROOT, 'web', 'index.html'), join(webDist, 'index.html'));
    platform = await startTestPlatform({ webDist, serverEntry: join(outDir, 'entry-server.mjs') });
    const search = await platform.app.inject({ method: 'GET', url: '/api/courses/search?location=Toulon&pageSize=1' });
    course = (search.json() as { items: CourseDto[] }).items[0]!;
  }, 180_000);

  afterAll(async () => {
    await platform?.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) => platform.app.inject({ method: 'GET', url, headers });

  const expected = {
    fr: {
      months: new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }),
      price: (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u00a0\u202f]/g, ' '),
      places: (left: number, total: number) => `${left} places restantes sur ${total}`,
      approval: 'agrément',
    },
    en: {
      months: new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'Europe/Paris' }),
      price: (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100),
      places: (left: number, total: number) => `${left} spots left out of ${total}`,
      approval: 'approval',
    },
  } as const;

  it.each(['fr', 'en'] as const)('writes a course page with its city, dates, price, places left and the centre’s approval number (%s)', async (language) => {
    const response = await page(`/courses/${course.id}`, { 'accept-language': language });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain(`<html lang="${language}"`);
    const text = textOf(html);
    const words = expected[language];
    expect(text).toContain(course.city);
    expect(text).toContain(words.months.format(new Date(course.startDate)));
    expect(text).toContain(String(Number(new Intl.DateTimeFormat('en', { day: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(course.startDate)))));
    expect(text).toContain(words.price(course.price));
    expect(text).toContain(words.places(course.spotsLeft, course.totalSpots));
    expect(text).toContain(course.organization.prefectApprovalReference!);
    expect(text.toLowerCase()).toContain(words.approval);
    // Styled before any script runs: the page's Emotion styles are in <head>.
    expect(headOf(html)).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style>/);
    // Its data for the browser's hydration, in a data block (no inline script: the Content-Security-Policy forbids them).
    const state = JSON.parse(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)![1]!) as { language: string };
    expect(state.language).toBe(language);
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('sends a page compressed when the browser accepts it, and loads its scripts only once it is painted', async () => {
    const plain = await page(`/courses/${course.id}`, { 'accept-language': 'fr' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await page(`/courses/${course.id}`, { 'accept-language': 'fr', 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(String(compressed.headers.vary)).toMatch(/Accept-Encoding/);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const gzipped = await page(`/courses/${course.id}`, { 'accept-language': 'fr', 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    // No module script in the page itself: the deferred loader names the entry (web/public/page-boot.js).
    expect(plain.body).not.toMatch(/<script type="module"/);
    expect(plain.body).toMatch(/<script defer src="\/page-boot\.js" data-entry="[^"]+"/);
  });

  it.each(['fr', 'en'] as const)('gives a course page its search-engine head: title and description with city, dates and price, JSON-LD, canonical and hreflang (%s)', async (language) => {
    const html = (await page(`/courses/${course.id}`, { 'accept-language': language })).body;
    const head = headOf(html).replace(/&#39;/g, "'").replace(/[\u00a0\u202f]/g, ' ');
    const title = /<title>([^<]*)<\/title>/.exec(head)![1]!;
    const description = /<meta name="description" content="([^"]*)"/.exec(head)![1]!;
    for (const text of [title, description]) {
      expect(text).toContain(course.city);
      expect(text).toContain(expected[language].price(course.price));
      expect(text).toContain(expected[language].months.format(new Date(course.startDate)).split(' ')[0]);
    }
    // The address asked (light-my-request's host): PUBLIC_URL's when set.
    const address = `http://localhost:80/courses/${course.id}`;
    expect(head).toContain(`<link rel="canonical" href="${address}" />`);
    expect(head).toContain(`<link rel="alternate" hreflang="fr" href="${address}" />`);
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${address}?lang=en" />`);
    // The English address names itself as canonical.
    expect((await page(`/courses/${course.id}?lang=en`)).body).toContain(`<link rel="canonical" href="${address}?lang=en" />`);
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'EducationEvent',
      startDate: course.startDate,
      endDate: course.endDate,
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: course.city, postalCode: course.postalCode } },
      offers: { '@type': 'Offer', price: (course.price / 100).toFixed(2), priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      organizer: { '@type': 'Organization', name: course.organization.name, identifier: course.organization.prefectApprovalReference },
    });
  });

  it('links every city with courses from the home page, to its own page, and lists them in the sitemap', async () => {
    const cities = ((await platform.app.inject({ method: 'GET', url: '/api/courses/cities' })).json() as { items: { city: string }[] }).items;
    expect(cities.map((entry) => entry.city)).toContain(course.city);
    const home = (await page('/')).body;
    const sitemap = (await page('/sitemap.xml')).body;
    for (const { city } of cities) {
      expect(home).toContain(`href="/courses?location=${encodeURIComponent(city)}"`);
      expect(sitemap).toContain(`/courses?location=${encodeURIComponent(city)}</loc>`);
    }
    const cityPage = await page(`/courses?location=${encodeURIComponent(course.city)}`);
    expect(/<title>([^<]*)<\/title>/.exec(cityPage.body)![1]).toMatch(/Stages/);
    expect(textOf(cityPage.body)).toContain(course.organization.prefectApprovalReference!);
  });

  it('writes the page in the language the visitor chose (cookie) or the address names (?lang=), over Accept-Language', async () => {
    expect(textOf((await page(`/courses/${course.id}`, { 'accept-language': 'fr', cookie: 'recup-points.language=en' })).body)).toContain('spots left out of');
    expect(textOf((await page(`/courses/${course.id}?lang=fr`, { 'accept-language': 'en' })).body)).toContain('places restantes sur');
  });

  it('shows the places left as they are now: a learner’s new booking counts at once', async () => {
    const learner = await signUpLearner(platform, 'ssr-places@example.test');
    const booked = await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id });
    expect(booked.statusCode).toBe(201);
    await platform.settled();
    expect(textOf((await page(`/courses/${course.id}`)).body)).toContain(expected.fr.places(course.spotsLeft - 1, course.totalSpots));
  });

  it.each(['fr', 'en'] as const)('writes the course list with the search of its address, and the home page’s courses (%s)', async (language) => {
    const list = textOf((await page('/courses?location=Toulon', { 'accept-language': language })).body);
    expect(list).toContain(course.city);
    expect(list).toContain(course.organization.prefectApprovalReference!);
    expect(list).toContain(expected[language].price(course.price));
    const home = await page('/', { 'accept-language': language });
    expect(home.statusCode).toBe(200);
    const featured = (await platform.app.inject({ method: 'GET', url: '/api/courses/search?pageSize=1' })).json() as { items: CourseDto[] };
    expect(textOf(home.body)).toContain(featured.items[0]!.city);
  });

  it.each([
    ['/how-it-works', 'Comment ça marche', 'How it works'],
    ['/faq', 'Questions fréquentes', 'Frequently asked questions'],
    ['/contact', 'Contact', 'Contact'],
    ['/legal-notice', 'Mentions légales', 'Legal notice'],
    ['/privacy-policy', 'Politique de confidentialité', 'Privacy policy'],
    ['/terms-and-conditions', 'Conditions générales', 'Terms and conditions'],
    ['/cookies', 'Politique de cookies', 'Cookie policy'],
  ])('writes %s in French and in English', async (path, fr, en) => {
    for (const [language, title] of [['fr', fr], ['en', en]] as const) {
      const response = await page(path, { 'accept-language': language });
      expect(response.statusCode).toBe(200);
      expect(/<title>([^<]*)<\/title>/.exec(response.body)?.[1]).toContain(title);
      expect(textOf(response.body)).toContain(title);
    }
  });

  it('answers 503, not indexed and not kept, when the API cannot answer the page’s data; the next visitor gets it written', async () => {
    // The read store fails for this one page (a fault put in for the test, as the crash tests put theirs): the course
    // lookup answers 500.
    const courses = platform.adapters.readStore.collection('courses');
    const { find, findOne } = courses;
    const down = async () => {
      throw new Error('read store unavailable (test)');
    };
    Object.assign(courses, { find: down, findOne: down });
    let failing;
    let failingFr;
    try {
      failing = await page(`/courses/${course.id}`, { 'accept-language': 'en' });
      // An address of its own: the French page written by an earlier test is still kept (nothing happened since).
      failingFr = await page(`/courses/${course.id}?from=failure`, { 'accept-language': 'fr' });
    } finally {
      Object.assign(courses, { find, findOne });
    }
    expect(failing.statusCode).toBe(503);
    expect(failing.headers['retry-after']).toBe('5');
    expect(failing.body).toContain('<meta name="robots" content="noindex" />');
    expect(failing.body).not.toContain('<link rel="canonical"');
    // The page says the course could not be loaded, not that it does not exist, and offers to try again.
    expect(textOf(failing.body)).toContain('This course could not be loaded');
    expect(textOf(failing.body)).toContain('Try again');
    expect(textOf(failing.body)).not.toContain('Course not found');
    expect(failingFr.statusCode).toBe(503);
    expect(/<title>([^<]*)<\/title>/.exec(failingFr.body)?.[1]).toContain('Impossible de charger ce stage');
    expect(textOf(failingFr.body)).toContain('Impossible de charger ce stage');
    expect(textOf(failingFr.body)).toContain('Réessayer');
    expect(failingFr.body).not.toContain('Stage introuvable');
    const again = await page(`/courses/${course.id}`, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(200);
    expect(textOf(again.body)).toContain(course.city);
  });

  it('answers a course that does not exist with 404, written as such', async () => {
    const response = await page('/courses/00000000-0000-4000-8000-000000000000', { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(404);
    expect(/<title>([^<]*)<\/title>/.exec(response.body)?.[1]).toContain('Stage introuvable');
    expect(textOf(response.body)).toContain("Ce stage n'existe pas ou n'est plus disponible.");
    expect(textOf(response.body)).not.toContain('Impossible de charger ce stage');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers an unknown page with 404 and its page, written', async () => {
    const response = await page('/no-such-page', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(404);
    expect(textOf(response.body)).toContain('404');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('leaves the signed-in areas to the browser', async () => {
    const response = await page('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="ssr-state"');
  });
});
