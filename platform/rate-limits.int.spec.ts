import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandApiService } from './services/command-api';
import { startTestPlatform } from './testing';

const LIMIT = 3;
type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
type Replica = Awaited<ReturnType<typeof createCommandApiService>>;

describe('rate limits on the embedded platform', () => {
  let platform: Platform;
  /** A second command API on the platform's stores, as another replica behind a load balancer would run. */
  let replica: Replica;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: LIMIT });
    const { eventStore, sessionStore, testGateway, mailer, rateLimitStore } = platform.adapters;
    replica = await createCommandApiService(
      { eventStore, sessionStore, payments: testGateway, mailer, clock: platform.clock, rateLimitStore },
      { config: { SESSION_SECRET: 'x'.repeat(40), secureCookies: false }, authRateLimitPerMinute: LIMIT },
    );
  });
  afterAll(async () => {
    await replica?.close();
    await platform?.close();
  });

  const forgotPassword = (api: Platform['app'], remoteAddress: string, lang = 'fr') =>
    api.inject({
      method: 'POST', url: '/api/auth/forgot-password', remoteAddress,
      headers: { 'x-requested-with': 'recup-points', 'accept-language': lang }, payload: { email: 'someone@example.test' },
    });
  const signIn = (api: Platform['app'], remoteAddress: string) =>
    api.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress,
      headers: { 'x-requested-with': 'recup-points', 'accept-language': 'en' }, payload: { email: 'learner@demo.test', password: 'wrong-password' },
    });

  it('answers 429 as problem+json in the caller’s language, with Retry-After, once a client has used its budget', async () => {
    const client = '192.0.2.20';
    for (let i = 0; i < LIMIT; i += 1) expect((await forgotPassword(platform.app, client)).statusCode).toBe(202);

    const limited = await forgotPassword(platform.app, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: `Trop de tentatives. Réessayez dans ${retryAfter} secondes.` });
    expect((await forgotPassword(platform.app, client, 'en')).json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/) });
  });

  it('gives two command API replicas on one rate-limit store one budget per client, not one each', async () => {
    const client = '192.0.2.30';
    expect((await forgotPassword(platform.app, client)).statusCode).toBe(202);
    expect((await forgotPassword(replica.app, client)).statusCode).toBe(202);
    expect((await forgotPassword(platform.app, client)).statusCode).toBe(202);
    expect((await forgotPassword(replica.app, client)).statusCode).toBe(429);
    expect((await forgotPassword(platform.app, client)).statusCode).toBe(429);
    // Another client, and another endpoint, each have a budget of their own.
    expect((await forgotPassword(replica.app, '192.0.2.31')).statusCode).toBe(202);
    expect((await signIn(replica.app, client)).statusCode).toBe(401);
  });

  it('counts a client’s sign-in attempts on one account across replicas', async () => {
    const client = '192.0.2.40';
    const statuses = [];
    for (const api of [platform.app, replica.app, platform.app, replica.app]) statuses.push((await signIn(api, client)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
