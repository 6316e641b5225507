import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { learnerRegistration, startTestPlatform, TestClient } from './testing';

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

describe('input that no schema should let through', () => {
  let platform: Platform;
  let learner: TestClient;
  let courseId = '';
  const json = { 'content-type': 'application/json', 'x-requested-with': 'recup-points', 'accept-language': 'en' };
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    courseId = ((await learner.get('/api/courses/search')).json() as CourseDto[])[0]!.id;
  });
  afterAll(async () => {
    await platform.close();
  });

  const refused = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    // The message names the field, but for the body or the address as a whole.
    expect(response.json()).toMatchObject({ field, message: ['body', 'path'].includes(field) ? expect.any(String) : expect.stringContaining(field) });
  };
  const registration = (firstName: string) => JSON.stringify(learnerRegistration('odd.name@example.test', { firstName: 'PLACEHOLDER' })).replace('"PLACEHOLDER"', firstName);

  it('refuses a name with NUL, another control character or a lone surrogate, and a body that is not UTF-8', async () => {
    for (const name of ['"Jean\\u0000ne"', '"Jean\\u001bne"', '"Jean\\ud800ne"', '"Jean\\udc00"']) {
      refused(await platform.app.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload: registration(name) }), 'firstName');
    }
    const [before, after] = registration('"@@"').split('@@') as [string, string];
    const notUtf8 = Buffer.concat([Buffer.from(before), Buffer.from([0x4a, 0xc3, 0x28, 0xff, 0x65]), Buffer.from(after)]);
    refused(await platform.app.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload: notUtf8 }), 'body');
    // Nothing was recorded: no account waits for that address.
    await platform.background.idle();
    expect((await platform.adapters.mailer.list()).filter((mail) => mail.to === 'odd.name@example.test')).toEqual([]);
  });

  it('refuses such text in every free-text field, and in keys, not only in names', async () => {
    const profile = { title: 'MR', firstName: 'Jean', lastName: 'Dupont', language: 'FR' };
    refused(await learner.request('PATCH', '/api/users/profile', { ...profile, city: 'Nice\u0000' }), 'city');
    refused(await learner.request('PATCH', '/api/users/profile', { ...profile, addressDetails: 'b\ud83d' }), 'addressDetails');
    refused(await learner.post('/api/bookings', { earlyStartRequested: true, courseId: `${courseId}\u0000` }), 'courseId');
    refused(await learner.post('/api/auth/forgot-password', { email: 'a@b.fr', 'x\u0000': 1 }), 'x?');
    // Emoji and accents are text like any other.
    expect((await learner.request('PATCH', '/api/users/profile', { ...profile, city: 'Saint-Étienne-de-Tinée 🏔️' })).statusCode).toBe(200);
  });

  it('refuses the fields a learner’s call does not have, instead of dropping them', async () => {
    refused(await platform.app.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload: { ...learnerRegistration('promoted@example.test'), role: 'ADMIN' } }), 'role');
    refused(await learner.post('/api/bookings', { earlyStartRequested: true, courseId, price: 1 }), 'price');
    refused(await learner.post('/api/bookings', { earlyStartRequested: true, courseId, userId: 'someone-else' }), 'userId');
    refused(await learner.request('PATCH', '/api/users/profile', { title: 'MR', firstName: 'Jean', lastName: 'Dupont', language: 'FR', userId: 'x', role: 'ADMIN' }), 'userId');
    refused(await learner.post('/api/users/change-password', { currentPassword: 'demo-password', newPassword: 'password-123', userId: 'x' }), 'userId');
    refused(await learner.get('/api/auth/verify-email?token=abc&role=ADMIN'), 'role');
  });

  it('takes the cache-buster the web app adds to every call (t), on every route', async () => {
    expect((await learner.get(`/api/courses/search?department=13&t=${Date.now()}`)).statusCode).toBe(200);
    expect((await learner.get(`/api/auth/verify-email?token=abc&t=${Date.now()}`)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await learner.get(`/dev/mailbox/messages.json?t=${Date.now()}`)).statusCode).toBe(200);
  });

  it('refuses search parameters that name no day or no number', async () => {
    for (const [query, field] of [
      ['startDate=2026-13-45', 'startDate'], ['endDate=2026-02-30', 'endDate'], ['startDate=demain', 'startDate'],
      ['maxPrice=', 'maxPrice'], ['maxPrice=0x10', 'maxPrice'], ['maxPrice=1e3', 'maxPrice'], ['maxPrice=%2012', 'maxPrice'], ['maxDistance=Infinity', 'maxDistance'],
      ['location=%00', 'location'],
    ]) refused(await learner.get(`/api/courses/search?${query}`), field!);
    expect((await learner.get('/api/courses/search?startDate=2026-12-01&maxPrice=250.5&maxDistance=30')).statusCode).toBe(200);
  });

  it('reads X-Min-Position as digits only, not as whatever Number() makes of it', async () => {
    for (const position of ['1e3', '0x10', ' 7', '7.0', '-0', '99999999999999999999']) {
      refused(await platform.app.inject({ url: '/api/courses/search', headers: { 'x-min-position': position, 'accept-language': 'en' } }), 'X-Min-Position');
    }
  });

  it('answers a bad percent-encoding in the path or the query as problem+json, in the caller’s language', async () => {
    for (const url of ['/api/courses/%E0%A4%A', '/api/courses/%', '/api/bookings/%ZZ/cancel']) {
      const response = await platform.app.inject({ method: url.endsWith('cancel') ? 'POST' : 'GET', url, headers: json });
      refused(response, 'path');
    }
    refused(await learner.get('/api/courses/search?location=%E0%A4%A'), 'location');
    refused(await learner.get('/api/courses/search?location=%C3%28'), 'location');
    const french = await platform.app.inject({ url: '/api/courses/%E0%A4%A', headers: { 'accept-language': 'fr' } });
    expect(french.json().message).toMatch(/adresse est mal encodée/);
  });
});
