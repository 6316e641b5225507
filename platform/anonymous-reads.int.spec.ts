import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** The public reads a visitor makes, every one of them answered by the query API. */
const PUBLIC_READS = (courseId: string) => [
  '/api/courses/search',
  '/api/courses/search?department=83',
  '/api/courses/search?department=83&page=1&pageSize=5&t=1700000000000',
  `/api/courses/${courseId}`,
  '/api/places/postal-codes/83000',
  '/api/legal/seller',
  '/sitemap.xml',
];

/** The rows of the embedded session store, read from its file as it stands. */
function sessionRows(platform: Platform): number {
  const db = new Database(join(platform.dataDir, 'sessions.sqlite'), { readonly: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sessions').get()!.n;
  } finally {
    db.close();
  }
}

describe('anonymous reads', () => {
  let platform: Platform;
  let courseId: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    courseId = ((await new TestClient(platform.app).get('/api/courses/search?department=83')).json() as CourseDto[])[0]!.id;
  });
  afterAll(async () => {
    await platform.close();
  });

  it('open no session: no cookie is set and nothing is written to the session store', async () => {
    const before = sessionRows(platform);
    for (const url of [...PUBLIC_READS(courseId), '/api/auth/me']) {
      const response = await platform.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, url).toBe(url === '/api/auth/me' ? 401 : 200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect(sessionRows(platform)).toBe(before);
    // The same store does hold the session of whoever signs in.
    await new TestClient(platform.app).login('learner@demo.test');
    expect(sessionRows(platform)).toBeGreaterThan(before);
  });

  it('keep the headers of every answer: no caching, the security headers, JSON in UTF-8', async () => {
    const response = await platform.app.inject('/api/courses/search?department=83');
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'self';.*script-src 'self' https:\/\/js\.stripe\.com/);
  });

  it('leave a signed-in read as it was: its session rolls, and the cookie of an ended session is cleared', async () => {
    const learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    const { cookie } = learner.sessionHeaders();
    const signedIn = await platform.app.inject({ method: 'GET', url: '/api/courses/search?department=83', headers: { cookie: cookie! } });
    expect(signedIn.statusCode).toBe(200);
    // Rolling: the same session, its cookie sent again with a new expiry.
    expect(String(signedIn.headers['set-cookie'])).toContain(`${cookie};`);
    expect((await learner.get('/api/auth/me')).statusCode).toBe(200);

    expect((await learner.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    const ended = await platform.app.inject({ method: 'GET', url: '/api/courses/search?department=83', headers: { cookie: cookie! } });
    expect(ended.statusCode).toBe(200);
    expect(String(ended.headers['set-cookie'])).toMatch(/^rp_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await platform.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookie! } })).statusCode).toBe(401);
  });
});

describe('anonymous reads, with the session store down', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('are answered as before: they never reach the store; a signed-in read does', async () => {
    const visitor = new TestClient(platform.app);
    const learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    const courseId = ((await visitor.get('/api/courses/search?department=83')).json() as CourseDto[])[0]!.id;
    const answers = await Promise.all(PUBLIC_READS(courseId).map(async (url) => (await visitor.get(url)).body));

    await platform.adapters.sessionStore.close();
    for (const [index, url] of PUBLIC_READS(courseId).entries()) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(answers[index]);
    }
    expect((await learner.get('/api/auth/me')).statusCode).toBeGreaterThanOrEqual(500);
  });
});
