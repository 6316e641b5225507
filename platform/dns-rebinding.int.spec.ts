import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 18, point 1. A page served from `rebind.attacker.test:3917`, whose name the attacker then makes resolve
 * to 127.0.0.1, is same-origin with this machine's platform for the browser of the developer who opened it:
 * every request it sends comes from 127.0.0.1 and carries its own name as `Host` and as `Origin`.
 */
const REBOUND = { host: 'rebind.attacker.test:3917', origin: 'http://rebind.attacker.test:3917', 'x-requested-with': 'recup-points' };
const ADMIN = 'admin@demo.test';

async function latestResetToken(platform: Platform, email: string) {
  await platform.background.idle();
  const mail = (await platform.adapters.mailer.list()).find((m) => m.to === email && m.kind === 'reset-password');
  const link = mail?.links.find((l) => l.includes('/reset-password?token='));
  return link ? new URL(link).searchParams.get('token') : null;
}

describe('a page of another site rebound to this machine (DNS rebinding)', () => {
  let platform: Platform;
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'recup-web-'));
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Récup’Points</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));
  afterEach(async () => {
    await platform.close();
  });

  it('cannot take an account over: each step of forgot-password → mailbox → reset-password is refused', async () => {
    platform = await startTestPlatform({ webDist });
    const app = platform.app;

    // 1. Ask a reset for the administrator.
    const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '127.0.0.1', headers: REBOUND, payload: { email: ADMIN } });
    expect(forgot.statusCode).toBe(421);
    expect(forgot.headers['content-type']).toMatch(/problem\+json/);
    expect(forgot.json()).toMatchObject({ code: 'HOST_NOT_SERVED' });
    expect(await latestResetToken(platform, ADMIN)).toBeNull();

    // 2. Read the link in the development mailbox: the developer asked for one themselves meanwhile.
    const asked = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '127.0.0.1', headers: { 'x-requested-with': 'recup-points' }, payload: { email: ADMIN } });
    expect(asked.statusCode).toBe(202);
    const token = await latestResetToken(platform, ADMIN);
    expect(token).not.toBeNull();
    const mailbox = await app.inject({ url: `/dev/mailbox/messages.json?to=${ADMIN}`, remoteAddress: '127.0.0.1', headers: { host: REBOUND.host } });
    expect(mailbox.statusCode).toBe(421);
    expect(mailbox.body).not.toContain(token!);
    const page = await app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host: REBOUND.host } });
    expect(page.statusCode).toBe(421);

    // 3. Set a new password with the link, had it been read.
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: '127.0.0.1', headers: REBOUND, payload: { token, newPassword: 'taken-over-by-attacker' } });
    expect(reset.statusCode).toBe(421);
    const stolen = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '127.0.0.1', headers: REBOUND, payload: { email: ADMIN, password: 'taken-over-by-attacker' } });
    expect(stolen.statusCode).toBe(421);
    // The administrator's password is the one it was; the developer's own link still works.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'recup-points' }, payload: { email: ADMIN, password: 'demo-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('gets nothing under that name, pages and files included, in the caller’s language', async () => {
    platform = await startTestPlatform({ webDist });
    for (const url of ['/', '/dashboard', '/assets/app.js', '/api/auth/me', '/api/courses/search', '/api/legal/seller', '/robots.txt', '/api/docs/command/openapi.json', '/api/nowhere', '/dev/mailbox/messages.json']) {
      const response = await platform.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: REBOUND.host, 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(421);
      expect(response.json(), url).toMatchObject({ code: 'HOST_NOT_SERVED', message: expect.stringMatching(/does not answer at this address/) });
    }
    // The same pages under this machine's own names.
    for (const host of ['localhost:3000', '127.0.0.1:41999', '[::1]:3000']) {
      expect((await platform.app.inject({ url: '/', headers: { host } })).statusCode, host).toBe(200);
      expect((await platform.app.inject({ url: '/assets/app.js', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('refuses a write whose Origin is another site’s, even with the custom header and a served Host', async () => {
    platform = await startTestPlatform();
    const write = (origin: string) => platform.app.inject({
      method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'localhost:3000', origin, 'x-requested-with': 'recup-points', 'accept-language': 'fr' }, payload: { email: ADMIN },
    });
    const foreign = await write(REBOUND.origin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'CSRF_REJECTED', message: expect.stringMatching(/ne provient pas de notre site/) });
    expect((await write('null')).statusCode).toBe(403);
    // The site's own origin, under each of this machine's names.
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect((await write(origin)).statusCode, origin).toBe(202);
  });

  it('refuses a write from a page of another program of this machine, on another port (the Vite dev server presents its own as the site’s)', async () => {
    platform = await startTestPlatform();
    const write = (origin: string) => platform.app.inject({
      method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'localhost:3000', origin, 'x-requested-with': 'recup-points', 'accept-language': 'en' }, payload: { email: ADMIN },
    });
    // The rule changed: any loopback port used to be taken for the site's (http://localhost:5173, Vite's, among them).
    for (const origin of ['http://127.0.0.1:8081', 'http://localhost:5173', 'http://[::1]:4000', 'https://localhost:3000', 'http://localhost']) {
      const refused = await write(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.headers['content-type'], origin).toMatch(/^application\/problem\+json/);
      expect(refused.json(), origin).toMatchObject({ code: 'CSRF_REJECTED', message: 'Request refused: it does not come from our site.' });
    }
    await platform.background.idle();
    expect(await latestResetToken(platform, ADMIN)).toBeNull();
  });

  it('believes X-Forwarded-Host only from the proxy TRUST_PROXY names', async () => {
    platform = await startTestPlatform({ config: { TRUST_PROXY: '127.0.0.1' } });
    const ask = (remoteAddress: string, headers: Record<string, string>) => platform.app.inject({ url: '/api/courses/search', remoteAddress, headers });
    // Through the trusted proxy, the name the browser asked for is the one that counts.
    expect((await ask('127.0.0.1', { host: 'localhost:3000', 'x-forwarded-host': REBOUND.host })).statusCode).toBe(421);
    expect((await ask('127.0.0.1', { host: 'internal-name:3000', 'x-forwarded-host': 'localhost:8080' })).statusCode).toBe(200);
    // From anyone else, the header is theirs to make up: ignored.
    expect((await ask('203.0.113.5', { host: REBOUND.host, 'x-forwarded-host': 'localhost' })).statusCode).toBe(421);
    expect((await ask('203.0.113.5', { host: 'localhost', 'x-forwarded-host': REBOUND.host })).statusCode).toBe(200);
  });

  it('answers only the name PUBLIC_URL gives once the site is public', async () => {
    platform = await startTestPlatform({ config: { PUBLIC_URL: 'https://recup-points.example' } });
    expect((await platform.app.inject({ url: '/api/courses/search', headers: { host: 'recup-points.example' } })).statusCode).toBe(200);
    expect((await platform.app.inject({ url: '/api/courses/search', headers: { host: 'localhost:3000' } })).statusCode).toBe(421);
    const write = await platform.app.inject({
      method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'recup-points.example', origin: 'http://localhost:3000' }, payload: { email: ADMIN },
    });
    expect(write.statusCode).toBe(403);
  });

  it('takes, over a real socket, the origin of the port the platform listens on, and no other local port', async () => {
    platform = await startTestPlatform();
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = platform.app.server.address() as { port: number };
    const write = (origin: string) => fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
      method: 'POST', headers: { origin, 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify({ email: 'nobody@example.test' }),
    });
    expect((await write(`http://127.0.0.1:${port}`)).status).toBe(202);
    expect((await write(`http://localhost:${port}`)).status).toBe(202);
    const other = await write(`http://127.0.0.1:${port === 65_535 ? port - 1 : port + 1}`);
    expect(other.status).toBe(403);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await other.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });

  it('refuses the rebound name over a real socket, as a browser sends it', async () => {
    platform = await startTestPlatform();
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = platform.app.server.address() as { port: number };
    const get = (host: string) => new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: `/dev/mailbox/messages.json?to=${ADMIN}`, headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(await get(`rebind.attacker.test:${port}`)).toBe(421);
    expect(await get(`localhost:${port}`)).toBe(200);
  });
});
