import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const valid = {
  register: { email: 'new.person@example.test', password: 'password-123', title: 'MR', firstName: 'Jean', lastName: 'Dupont', language: 'FR' },
  profile: { title: 'MR', firstName: 'Jean', lastName: 'Dupont', language: 'FR' },
  adminCreate: { email: 'made.by.admin@example.test', firstName: 'Jean', lastName: 'Dupont', role: 'USER', language: 'FR', password: 'password-123' },
};

/** Each endpoint, with payloads that are wrong in one field each, and that field. */
const CASES: Array<{ method: 'POST' | 'PATCH'; url: string; as?: 'learner' | 'admin'; bad: Array<[unknown, string]> }> = [
  {
    method: 'POST', url: '/api/auth/register',
    bad: [
      [{ ...valid.register, email: 'nope' }, 'email'],
      [{ ...valid.register, email: 42 }, 'email'],
      [{ ...valid.register, password: 'short' }, 'password'],
      [{ ...valid.register, firstName: 'J' }, 'firstName'],
      [{ ...valid.register, lastName: null }, 'lastName'],
      [{ ...valid.register, title: 'DR' }, 'title'],
      [{ ...valid.register, language: 'DE' }, 'language'],
      [{ ...valid.register, dateOfBirth: 'yesterday' }, 'dateOfBirth'],
      [{ ...valid.register, country: 'France' }, 'country'],
      [{ ...valid.register, city: 'x'.repeat(5000) }, 'city'],
      [{ ...valid.register, firstName: ['Jean'] }, 'firstName'],
    ],
  },
  { method: 'POST', url: '/api/auth/login', bad: [[{ email: 'learner@demo.test' }, 'password'], [{ email: {}, password: 'password-123' }, 'email']] },
  { method: 'POST', url: '/api/auth/forgot-password', bad: [[{}, 'email'], [{ email: 'a@b' }, 'email']] },
  { method: 'POST', url: '/api/auth/resend-verification', bad: [[{ email: '' }, 'email']] },
  { method: 'POST', url: '/api/auth/reset-password', bad: [[{ token: 'x' }, 'newPassword'], [{ token: '', newPassword: 'password-123' }, 'token'], [{ token: 'x', newPassword: 'short' }, 'newPassword']] },
  {
    method: 'PATCH', url: '/api/users/profile', as: 'learner',
    bad: [[{ ...valid.profile, firstName: '' }, 'firstName'], [{ ...valid.profile, language: 'fr' }, 'language'], [{ ...valid.profile, countryOfBirth: 'XYZ' }, 'countryOfBirth'], [{ ...valid.profile, phoneNumber: 612345678 }, 'phoneNumber']],
  },
  { method: 'POST', url: '/api/users/change-password', as: 'learner', bad: [[{ currentPassword: 'demo-password', newPassword: '1234' }, 'newPassword'], [{ newPassword: 'password-123' }, 'currentPassword']] },
  {
    method: 'POST', url: '/api/admin/users', as: 'admin',
    bad: [[{ ...valid.adminCreate, role: 'ROOT' }, 'role'], [{ ...valid.adminCreate, password: '' }, 'password'], [{ ...valid.adminCreate, isVerified: 'yes' }, 'isVerified'], [{ ...valid.adminCreate, email: 'x' }, 'email']],
  },
  { method: 'PATCH', url: '/api/admin/users/ANY', as: 'admin', bad: [[{ role: 'ADMIN' }, 'role'], [{ password: 'short' }, 'password'], [{ firstName: 'J' }, 'firstName']] },
  { method: 'PATCH', url: '/api/admin/users/ANY/role', as: 'admin', bad: [[{ role: 'KING' }, 'role'], [{}, 'role']] },
];

describe('bad input on account endpoints', () => {
  let platform: Platform;
  const as = {} as Record<'anonymous' | 'learner' | 'admin', TestClient>;
  let someUserId = '';
  beforeAll(async () => {
    // Every bad request counts against the rate limit too; this test sends many on purpose.
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    as.anonymous = new TestClient(platform.app, 'en');
    as.learner = new TestClient(platform.app, 'en');
    as.admin = new TestClient(platform.app, 'en');
    someUserId = (await as.learner.login('learner@demo.test')).id;
    await as.admin.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('answers 400 naming the field, in the caller’s language, never 500', async () => {
    const failures: string[] = [];
    for (const { method, url, as: who, bad } of CASES) {
      for (const [payload, field] of bad) {
        const response = await as[who ?? 'anonymous'].request(method, url.replace('ANY', someUserId), payload);
        const body = response.json() as { code?: string; field?: string; message?: string };
        if (response.statusCode !== 400 || body.field !== field || !body.message || !String(response.headers['content-type']).includes('problem+json')) {
          failures.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 60)} → ${response.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 to a body that is not JSON, or not an object', async () => {
    for (const payload of ['{"email":', '[]', 'null', '"text"']) {
      const response = await platform.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json', 'x-requested-with': 'recup-points' }, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().field, payload).toBeTruthy();
    }
    const form = await platform.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain', 'x-requested-with': 'recup-points' }, payload: 'email=x' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ field: 'body' });
  });

  it('answers in French by default', async () => {
    const response = await new TestClient(platform.app, 'fr').post('/api/auth/forgot-password', { email: 'nope' });
    expect(response.json().message).toMatch(/Champ « email » invalide/);
  });
});
