import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, randomIds } from '@recup/infra/clock';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedOutboxMailer } from '@recup/infra/mail/embedded-outbox-mailer';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import { hashPassword } from '@recup/infra/passwords';
import { EmbeddedSqliteSessionStore } from '@recup/infra/sessions/embedded-sqlite-session-store';
import type { UserProfile } from '@recup/shared-events';
import { commandApi } from '../app';
import { commandMetadata } from '../core/metadata';
import { registerAccount } from '../users/accounts';
import { DEMO_SELLER } from '@recup/infra/seller-identity';

const profile: UserProfile = {
  title: 'MR', firstName: 'Karim', lastName: 'Benali', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
  postalCode: null, city: null, country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR',
};
const json = { 'content-type': 'application/json', 'x-requested-with': 'recup-points' };

describe('signing in and out', () => {
  let dir: string;
  let app: FastifyInstance;
  let eventStore: EmbeddedSqliteEventStore;
  let sessionStore: EmbeddedSqliteSessionStore;
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-auth-'));
    eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    sessionStore = new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite'));
    const gateway = new EmbeddedTestGateway(':memory:');
    const metadata = commandMetadata({ type: 'system', name: 'test' }, clock.now());
    const passwordHash = await hashPassword('correct-horse');
    await registerAccount(eventStore, { userId: 'u-verified', email: 'Karim@Example.test', passwordHash, role: 'USER', verified: true, profile }, metadata, clock.now());
    await registerAccount(eventStore, { userId: 'u-new', email: 'new@example.test', passwordHash, role: 'USER', verified: false, profile }, metadata, clock.now());
    app = Fastify();
    const mailer = new EmbeddedOutboxMailer(join(dir, 'outbox'), { log: () => {} });
    await app.register(commandApi, { eventStore, payments: gateway, mailer, sessions: { store: sessionStore, secret: 's'.repeat(40), secure: false }, clock, ids: randomIds, seller: DEMO_SELLER });
  });
  afterAll(async () => {
    await app.close();
    await eventStore.close();
    await sessionStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...json, ...headers }, payload: { email, password } });

  it('signs in a verified user, whatever the case of the address, with an HttpOnly SameSite=Lax session cookie', async () => {
    const response = await login('  karim@EXAMPLE.test', 'correct-horse');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'u-verified', email: 'karim@example.test', firstName: 'Karim', lastName: 'Benali', role: 'USER', language: 'FR' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^rp_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const sessionId = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(Buffer.from(sessionId, 'base64url').length * 8).toBeGreaterThanOrEqual(256);
    expect(Number(response.headers['x-event-position'])).toBeGreaterThan(0);
  });

  it('gives a new session id at sign-in, so a planted one is worthless', async () => {
    const first = String((await login('karim@example.test', 'correct-horse')).headers['set-cookie']).split(';')[0]!;
    const second = String((await login('karim@example.test', 'correct-horse', { cookie: first })).headers['set-cookie']).split(';')[0]!;
    expect(second).not.toBe(first);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const wrong = await login('karim@example.test', 'wrong-password', { 'accept-language': 'en' });
    const unknown = await login('nobody@example.test', 'wrong-password', { 'accept-language': 'en' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses an unverified account and says so, so the page can offer to resend the e-mail', async () => {
    const response = await login('new@example.test', 'correct-horse');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', requiresVerification: true });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const response = await login('not-an-email', 'correct-horse', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    const short = await login('karim@example.test', '123');
    expect(short.json()).toMatchObject({ field: 'password' });
  });

  it('refuses a state-changing call that does not come from our pages', async () => {
    const forged = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: { email: 'karim@example.test', password: 'correct-horse' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const sameOrigin = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', host: 'localhost:3000' }, payload: { email: 'karim@example.test', password: 'correct-horse' } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('signs out: the session is gone from the store', async () => {
    const cookie = String((await login('karim@example.test', 'correct-horse')).headers['set-cookie']).split(';')[0]!;
    const sessionId = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const stored = () => new Promise((resolve) => sessionStore.get(sessionId, (_e, s) => resolve(s ?? null)));
    expect(await stored()).toMatchObject({ userId: 'u-verified', role: 'USER' });
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-requested-with': 'recup-points' } });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['x-event-position']).toBeDefined();
    expect(await stored()).toBeNull();
  });

  it('answers a booking attempt without a session with 401', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/bookings', headers: json, payload: { courseId: 'c1' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
  });
});

describe('rate limits on sign-in', () => {
  it('answer 429 with Retry-After once a client tries too often', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-ratelimit-'));
    const eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
    const sessionStore = new EmbeddedSqliteSessionStore(join(dir, 'sessions.sqlite'));
    const app = Fastify();
    await app.register(commandApi, {
      eventStore, payments: new EmbeddedTestGateway(':memory:'), mailer: new EmbeddedOutboxMailer(join(dir, 'outbox'), { log: () => {} }),
      sessions: { store: sessionStore, secret: 's'.repeat(40), secure: false }, clock: new ManualClock('2026-11-21T09:00:00.000Z'), ids: randomIds, seller: DEMO_SELLER, authRateLimitPerMinute: 3,
    });
    const attempt = () => app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...json, 'accept-language': 'en' }, payload: { email: 'someone@example.test', password: 'guess-123' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });
    const otherAccount = await app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: { email: 'other@example.test', password: 'guess-123' } });
    expect(otherAccount.statusCode).toBe(401);
    await app.close();
    await eventStore.close();
    await sessionStore.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
