import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerRegistration, startTestPlatform } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const LIMIT = 3;
const headers = { 'x-requested-with': 'recup-points', 'accept-language': 'en' };

/** The token endpoints, each with a body it accepts (or refuses for its token: the limit counts it all the same). */
const TOKEN_ENDPOINTS: Array<[string, string, unknown]> = [
  ['POST', '/api/auth/register', learnerRegistration('someone.new@example.test', { password: 'password-123' })],
  ['POST', '/api/auth/forgot-password', { email: 'someone@example.test' }],
  ['POST', '/api/auth/reset-password', { token: 'not-a-token', newPassword: 'password-123' }],
  ['POST', '/api/auth/resend-verification', { email: 'someone@example.test' }],
  ['GET', '/api/auth/verify-email?token=not-a-token', undefined],
];

function call(platform: Platform, method: string, url: string, body: unknown, from: { remoteAddress?: string; forwardedFor?: string }) {
  return platform.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: { ...headers, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('the client’s address, when no proxy is named (TRUST_PROXY unset)', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: LIMIT });
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is the connection’s: a made-up X-Forwarded-For does not buy a new budget of sign-in attempts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i += 1) {
      statuses.push((await call(platform, 'POST', '/api/auth/login', { email: 'learner@demo.test', password: 'wrong-password' }, { forwardedFor: `198.51.100.${i}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it.each(TOKEN_ENDPOINTS)('limits %s %s per client, whatever X-Forwarded-For says', async (method, url, body) => {
    const from = (i: number) => ({ remoteAddress: '192.0.2.50', forwardedFor: `203.0.113.${i}` });
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i += 1) statuses.push((await call(platform, method, url, body, from(i))).statusCode);
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    const limited = await call(platform, method, url, body, from(99));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by this one.
    expect((await call(platform, method, url, body, { remoteAddress: '192.0.2.51' })).statusCode).not.toBe(429);
  });

  it('limits one client trying a password on many accounts, not only on one', async () => {
    const from = { remoteAddress: '192.0.2.60' };
    const statuses: number[] = [];
    for (let i = 0; i < 5 * LIMIT + 1; i += 1) {
      statuses.push((await call(platform, 'POST', '/api/auth/login', { email: `account-${i}@example.test`, password: 'password-123' }, from)).statusCode);
    }
    expect(statuses.slice(0, 5 * LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the client’s address behind a proxy that TRUST_PROXY names', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: LIMIT, config: { TRUST_PROXY: '192.0.2.10' } });
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is the one that proxy forwards, so each browser behind it has its own budget', async () => {
    const viaProxy = (client: string) => call(platform, 'POST', '/api/auth/forgot-password', { email: 'x@example.test' }, { remoteAddress: '192.0.2.10', forwardedFor: client });
    for (let i = 0; i < LIMIT; i += 1) expect((await viaProxy('203.0.113.7')).statusCode).toBe(202);
    expect((await viaProxy('203.0.113.7')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.8')).statusCode).toBe(202);
  });

  it('is still the connection’s when the call does not come from that proxy', async () => {
    const direct = (claimed: string) => call(platform, 'POST', '/api/auth/forgot-password', { email: 'x@example.test' }, { remoteAddress: '192.0.2.77', forwardedFor: claimed });
    for (let i = 0; i < LIMIT; i += 1) expect((await direct(`203.0.113.${20 + i}`)).statusCode).toBe(202);
    expect((await direct('203.0.113.99')).statusCode).toBe(429);
  });
});
