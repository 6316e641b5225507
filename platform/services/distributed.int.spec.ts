import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { API_DOCS } from '@recup/infra/http/openapi';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import type { CourseDto } from '@recup/query-api/contracts';
import { createCommandApiService } from './command-api';
import { CommandApiReads, createGateway } from './gateway';
import { createProjectorService } from './projector';
import { createQueryApiService } from './query-api';

const SECRET = { SESSION_SECRET: 's'.repeat(40), secureCookies: false };

/** Each service logs the requests it answers: the test reads who answered what. */
function requestLog() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          const entry = JSON.parse(line) as { msg?: string; req?: { method: string; url: string } };
          if (entry.msg === 'incoming request' && entry.req) lines.push(`${entry.req.method} ${entry.req.url.split('?')[0]}`);
        },
      },
    },
  };
}

/** A browser over real HTTP: keeps its cookie and its highest X-Event-Position, as the web app does. */
class Browser {
  cookie = '';
  minPosition = 0;
  constructor(private readonly base: string, private readonly headers: Record<string, string> = {}) {}

  async call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...this.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.minPosition) headers['x-min-position'] = String(this.minPosition);
    if (method !== 'GET') headers['x-requested-with'] = 'recup-points';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const position = Number(response.headers.get('x-event-position') ?? 0);
    if (position > this.minPosition) this.minPosition = position;
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> & unknown[] };
  }
}

describe('the distributed mode: command API, projector, query API and gateway as separate servers', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-services-'));
  const webDist = join(dataDir, 'web');
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');
  const adapters = openEmbeddedAdapters({ dataDir }, { clock, mailLog: () => {} });
  const commandLog = requestLog();
  const queryLog = requestLog();
  let command: Awaited<ReturnType<typeof createCommandApiService>>;
  let query: Awaited<ReturnType<typeof createQueryApiService>>;
  let projector: Awaited<ReturnType<typeof createProjectorService>>;
  let gateway: Awaited<ReturnType<typeof createGateway>>;
  let base = '';
  const commandUrl = () => `http://127.0.0.1:${(command.app.server.address() as { port: number }).port}`;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Récup’Points</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');

    const { eventStore, processorStore, readStore, sessionStore, testGateway, progress, mailer } = adapters;
    // The APIs believe the X-Forwarded-For of their gateway only: here it runs on this machine.
    command = await createCommandApiService({ eventStore, sessionStore, payments: testGateway, mailer, clock }, { config: { ...SECRET, TRUST_PROXY: '127.0.0.1' }, seed: true, logger: commandLog.logger, authRateLimitPerMinute: 2 });
    projector = await createProjectorService({ eventStore, processorStore, readStore, progress, payments: testGateway, mailer, clock }, { config: {} });
    query = await createQueryApiService({ readStore, sessionStore, progress, clock }, { config: { ...SECRET, TRUST_PROXY: '127.0.0.1' }, logger: queryLog.logger });
    await projector.ready;
    const commandUrl = await command.app.listen({ host: '127.0.0.1', port: 0 });
    const queryUrl = await query.app.listen({ host: '127.0.0.1', port: 0 });
    await projector.app.listen({ host: '127.0.0.1', port: 0 });
    // The test speaks for several clients from one address: the gateway believes their X-Forwarded-For.
    gateway = await createGateway({ commandApiUrl: commandUrl, queryApiUrl: queryUrl, webDist, trustProxy: true, refreshMs: 0 });
    base = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await gateway?.app.close();
    await command?.close();
    await query?.close();
    await projector?.close();
    await adapters.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers, verifies, signs in and books through the gateway, each call answered by its own service', async () => {
    const browser = new Browser(base, { 'x-forwarded-for': '198.51.100.7' });
    const email = 'distributed.learner@example.test';
    const registered = await browser.call('POST', '/api/auth/register', {
      title: 'MRS', firstName: 'Dora', lastName: 'Distribuée', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
      postalCode: null, city: 'Nice', country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'EN', email, password: 'password-123',
    });
    expect(registered.status).toBe(202);
    await command.background.idle();

    // The e-mail's link is a GET the command API answers.
    const mail = (await adapters.mailer.list()).find((m) => m.to === email)!;
    const token = /token=([^\s"&<]+)/.exec(mail.text)![1]!;
    const verified = await browser.call('GET', `/api/auth/verify-email?token=${token}`);
    expect(verified.status).toBe(200);

    const login = await browser.call('POST', '/api/auth/login', { email, password: 'password-123' });
    expect(login.status).toBe(200);
    expect(browser.cookie).toMatch(/^rp_session=/);

    // The session opened by the command API is read by the query API: the cookie went both ways.
    const me = await browser.call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json().email).toBe(email);

    const courses = await browser.call('GET', '/api/courses/search?department=06');
    expect(courses.status).toBe(200);
    const [course] = courses.json() as unknown as CourseDto[];
    const booked = await browser.call('POST', '/api/bookings', { earlyStartRequested: true, courseId: course!.id });
    expect(booked.status).toBe(201);
    expect(Number(booked.headers.get('x-event-position'))).toBeGreaterThan(0);

    // X-Min-Position reaches the query API: the booking just made is in the list.
    const bookings = await browser.call('GET', '/api/user/bookings');
    expect(bookings.status).toBe(200);
    expect(bookings.headers.get('x-projection-position')).not.toBeNull();
    expect((bookings.json() as unknown as { id: string }[]).map((b) => b.id)).toContain(booked.json().id);

    expect(commandLog.lines).toEqual(expect.arrayContaining(['POST /api/auth/register', 'GET /api/auth/verify-email', 'POST /api/auth/login', 'POST /api/bookings']));
    expect(queryLog.lines).toEqual(expect.arrayContaining(['GET /api/auth/me', 'GET /api/courses/search', 'GET /api/user/bookings']));
    expect(queryLog.lines.filter((line) => !line.startsWith('GET '))).toEqual([]);
    expect(commandLog.lines.filter((line) => line.startsWith('GET ') && !line.startsWith('GET /api/auth/verify-email') && !line.startsWith('GET /api/docs/'))).toEqual([]);
  });

  it('passes the caller’s address on, so that rate limits count per client', async () => {
    const first = new Browser(base, { 'x-forwarded-for': '203.0.113.1' });
    const second = new Browser(base, { 'x-forwarded-for': '203.0.113.2' });
    const ask = (browser: Browser) => browser.call('POST', '/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect((await ask(first)).status).toBe(202);
    expect((await ask(first)).status).toBe(202);
    const limited = await ask(first);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await ask(second)).status).toBe(202);
  });

  it('does not believe an X-Forwarded-For that a browser made up, unless told to trust a proxy', async () => {
    const edge = await createGateway({ commandApiUrl: commandUrl(), queryApiUrl: 'http://127.0.0.1:9', refreshMs: 0 });
    try {
      const ask = (spoofed: string) => edge.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'x-forwarded-for': spoofed, 'x-requested-with': 'recup-points' }, payload: { email: 'nobody@example.test' } });
      expect((await ask('192.0.2.1')).statusCode).toBe(202);
      expect((await ask('192.0.2.2')).statusCode).toBe(202);
      // Both came from this machine's address, whatever they claimed: one budget.
      expect((await ask('192.0.2.3')).statusCode).toBe(429);
    } finally {
      await edge.app.close();
    }
  });

  it('a service does not believe the X-Forwarded-For of a caller that is not the proxy it names', async () => {
    const direct = await createCommandApiService(
      { eventStore: adapters.eventStore, sessionStore: adapters.sessionStore, payments: adapters.testGateway, mailer: adapters.mailer, clock },
      { config: { ...SECRET, TRUST_PROXY: '192.0.2.10' }, authRateLimitPerMinute: 2 },
    );
    try {
      const ask = (spoofed: string) => direct.app.inject({
        method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '198.51.100.50',
        headers: { 'x-forwarded-for': spoofed, 'x-requested-with': 'recup-points' }, payload: { email: 'nobody@example.test' },
      });
      expect((await ask('192.0.2.1')).statusCode).toBe(202);
      expect((await ask('192.0.2.2')).statusCode).toBe(202);
      expect((await ask('192.0.2.3')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('answers no other name than the site’s, at the gateway and at each service reached directly (DNS rebinding)', async () => {
    const rebound = { host: 'rebind.attacker.test:8080', origin: 'http://rebind.attacker.test:8080', 'x-requested-with': 'recup-points', 'accept-language': 'en' };
    for (const [url, method] of [['/', 'GET'], ['/assets/app.js', 'GET'], ['/api/courses/search', 'GET'], ['/api/auth/forgot-password', 'POST']] as const) {
      const response = await gateway.app.inject({ method, url, headers: rebound, ...(method === 'POST' ? { payload: { email: 'admin@demo.test' } } : {}) });
      expect(response.statusCode, `gateway ${method} ${url}`).toBe(421);
      expect(response.json()).toMatchObject({ code: 'HOST_NOT_SERVED' });
    }
    for (const service of [command.app, query.app]) {
      expect((await service.inject({ url: '/api/auth/me', remoteAddress: '127.0.0.1', headers: rebound })).statusCode).toBe(421);
      // A probe by whatever name the container is known under still reads its health.
      expect((await service.inject({ url: '/health/live', headers: { host: 'command-api:3001' } })).statusCode).toBe(200);
    }
    // Through the gateway that TRUST_PROXY names, the browser's name is the one that counts.
    expect((await command.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '127.0.0.1', headers: { host: 'command-api:3001', 'x-forwarded-host': rebound.host, 'x-requested-with': 'recup-points' }, payload: { email: 'nobody@example.test' } })).statusCode).toBe(421);
    expect((await gateway.app.inject({ url: '/health', headers: { host: 'gateway:8080' } })).statusCode).toBe(200);
  });

  it('routes every GET of the command API to it and every other GET to the query API, as the services register them', () => {
    const sample = (route: string) => route.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
    const commandGets = command.app.registeredRoutes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/')).map((r) => sample(r.url));
    const queryGets = query.app.registeredRoutes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/')).map((r) => sample(r.url));
    expect(commandGets).toContain('/api/auth/verify-email');
    expect(queryGets).toContain('/api/courses/x');
    for (const path of commandGets) expect(`${path} → ${gateway.reads.upstreamOf('GET', path)}`).toBe(`${path} → command`);
    for (const path of queryGets) expect(`${path} → ${gateway.reads.upstreamOf('GET', path)}`).toBe(`${path} → query`);
    for (const route of command.app.registeredRoutes.filter((r) => r.method !== 'GET')) expect(gateway.reads.upstreamOf(route.method, sample(route.url))).toBe('command');
  });

  it('serves both OpenAPI documents from their services and the page that shows them', async () => {
    const browser = new Browser(base);
    const commandDocument = await browser.call('GET', API_DOCS.command);
    const queryDocument = await browser.call('GET', API_DOCS.query);
    expect(commandDocument.status).toBe(200);
    expect(Object.keys(commandDocument.json().paths as object)).toContain('/api/bookings');
    expect(Object.keys(queryDocument.json().paths as object)).toContain('/api/courses/search');
    expect(commandLog.lines).toContain(`GET ${API_DOCS.command}`);
    expect(queryLog.lines).toContain(`GET ${API_DOCS.query}`);
    const page = await browser.call('GET', API_DOCS.page);
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
  });

  it('serves the web app with its security headers, and any page through the single-page fallback', async () => {
    const browser = new Browser(base);
    const home = await browser.call('GET', '/courses/some-course');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<div id="root">');
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect((await browser.call('GET', '/assets/app.js')).headers.get('cache-control')).toMatch(/immutable/);
    expect((await browser.call('GET', '/assets/missing.js')).status).toBe(404);
    const unknownApi = await browser.call('GET', '/api/no-such-thing');
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('serves robots.txt and the sitemap where the web app is, from the query API, with its own address', async () => {
    const browser = new Browser(base);
    const robots = await browser.call('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.text).toContain(`Sitemap: ${base}/sitemap.xml`);
    const sitemap = await browser.call('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const courses = (await browser.call('GET', '/api/courses/search')).json() as unknown as CourseDto[];
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) expect(sitemap.text).toContain(`<loc>${base}/courses/${course.id}</loc>`);
    expect(queryLog.lines).toEqual(expect.arrayContaining(['GET /robots.txt', 'GET /sitemap.xml']));
  });

  it('tells its health and that of the services behind it', async () => {
    const health = await new Browser(base).call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', upstreams: { command: 'up', query: 'up' } });
    const projectorHealth = await projector.app.inject('/health');
    expect(projectorHealth.json()).toEqual({ status: 'ok', service: 'projector', parkedEvents: 0 });
  });

  it('answers 503 problem+json in the caller’s language when a service is down, and says so in its health', async () => {
    const closedPort = await (async () => {
      const probe = await createQueryApiService({ readStore: adapters.readStore, sessionStore: adapters.sessionStore, progress: adapters.progress, clock }, { config: SECRET });
      const url = await probe.app.listen({ host: '127.0.0.1', port: 0 });
      await probe.close();
      return url;
    })();
    const broken = await createGateway({ commandApiUrl: commandUrl(), queryApiUrl: closedPort, refreshMs: 0 });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/courses/search', headers: { 'accept-language': 'fr' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/indisponible/) });
      const health = await broken.app.inject('/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', upstreams: { command: 'up', query: 'down' } });
    } finally {
      await broken.app.close();
    }
  });
});

describe('the gateway’s reading of the command API’s routes', () => {
  it('matches OpenAPI paths and their parameters, one segment each', () => {
    const reads = new CommandApiReads();
    reads.update({ paths: { '/api/test-gateway/challenge/{id}': { get: {}, post: {} }, '/api/bookings': { post: {} } } });
    expect(reads.upstreamOf('GET', '/api/test-gateway/challenge/pi_123')).toBe('command');
    expect(reads.upstreamOf('GET', '/api/test-gateway/challenge/pi_123/more')).toBe('query');
    expect(reads.upstreamOf('GET', '/api/bookings')).toBe('query');
    expect(reads.upstreamOf('POST', '/api/bookings')).toBe('command');
    expect(reads.upstreamOf('DELETE', '/api/anything')).toBe('command');
    expect(reads.upstreamOf('GET', API_DOCS.command)).toBe('command');
  });
});
