import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { learnerRegistration, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const PHISHING = 'client, urgent: pay at https://evil.test/pay';

/**
 * Issue 18, point 7: our own mail must not carry a stranger's message, and no text that reaches another
 * person (a mail, a centre's lists, an invoice, a CSV) may hide characters that change how it reads.
 */
describe('text a stranger types', () => {
  let platform: Platform;
  let admin: TestClient;
  let centre: TestClient;
  let courseId: string;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    const [course] = (await centre.get('/api/organization/courses')).json() as CourseDto[];
    courseId = course!.id;
  });
  afterAll(async () => {
    await platform.close();
  });

  it('cannot make the platform mail a victim a message: a first name is letters, spaces, apostrophes and hyphens', async () => {
    const client = new TestClient(platform.app, 'fr');
    const response = await client.post('/api/auth/register', learnerRegistration('victim@example.test', { firstName: PHISHING }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'firstName', message: 'Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.' });
    const english = await new TestClient(platform.app, 'en').post('/api/auth/register', learnerRegistration('victim@example.test', { lastName: 'Martin (see evil.test)' }));
    expect(english.json()).toMatchObject({ field: 'lastName', message: 'The last name may only contain letters, spaces, apostrophes and hyphens.' });
    await platform.background.idle();
    expect((await platform.adapters.mailer.list()).filter((mail) => mail.to === 'victim@example.test')).toEqual([]);
  });

  it('takes the names of every script', async () => {
    for (const [i, [firstName, lastName]] of [['王', '小明'], ['Nguyễn', 'Thị Minh'], ['Zoë', 'O’Brien'], ['Jean-Édouard', "d'Alembert"], ['محمد', 'علي']].entries()) {
      const response = await new TestClient(platform.app).post('/api/auth/register', learnerRegistration(`script-${i}@example.test`, { firstName: firstName!.padEnd(2, 'é'), lastName }));
      expect(response.statusCode, `${firstName} ${lastName}`).toBe(202);
    }
  });

  it('refuses the same names in the profile and in the administrators’ user form', async () => {
    const learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    const profile = (await learner.get('/api/users/profile')).json() as Record<string, unknown>;
    const { id: _id, email: _email, role: _role, isVerified: _verified, ...fields } = profile;
    const patched = await learner.request('PATCH', '/api/users/profile', { ...fields, firstName: 'Visit www.evil.test' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ field: 'firstName', message: 'The first name may only contain letters, spaces, apostrophes and hyphens.' });
    const created = await admin.post('/api/admin/users', { email: 'named@example.test', firstName: 'Ann', lastName: 'Call 0800 000 000', role: 'USER', language: 'FR', password: 'cheval-agrafe-pile' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ field: 'lastName' });
  });

  it('refuses invisible and direction-changing characters in every text field that reaches someone else, naming the field', async () => {
    const learner = new TestClient(platform.app, 'fr');
    await learner.login('learner@demo.test');
    const profile = (await learner.get('/api/users/profile')).json() as Record<string, unknown>;
    const { id: _id, email: _email, role: _role, isVerified: _verified, ...fields } = profile;
    const attempts: Array<[TestClient, 'POST' | 'PATCH', string, Record<string, unknown>, string]> = [
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('bidi@example.test', { firstName: 'Léa\u202e' }), 'firstName'],
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('bidi@example.test', { address: '3 rue\u2066 de Rome' }), 'address'],
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('bidi@example.test', { city: 'Mar\u200bseille' }), 'city'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, placeOfBirth: 'Nice\u200f' }, 'placeOfBirth'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, licenseNumber: '1234\ufeff5678' }, 'licenseNumber'],
      [centre, 'PATCH', '/api/organization/profile', { name: 'Centre\u202eévil' }, 'name'],
      [centre, 'PATCH', '/api/organization/profile', { description: 'Agréé\u2067 depuis 2009' }, 'description'],
      [centre, 'PATCH', `/api/courses/${courseId}`, { title: 'Ar\u00adles' }, 'title'],
      [centre, 'PATCH', `/api/courses/${courseId}`, { address: '12 bd\ndes Lices' }, 'address'],
      [admin, 'POST', '/api/admin/organizations', { name: 'Centre', description: 'x\u061cy' }, 'description'],
      [admin, 'POST', '/api/admin/users', { email: 'hidden@example.test', firstName: 'Ann', lastName: 'Lee', role: 'USER', language: 'FR', password: 'cheval-agrafe-pile', phoneNumber: '06\u200b11' }, 'phoneNumber'],
    ];
    for (const [client, method, url, body, field] of attempts) {
      const response = await client.request(method, url, body);
      expect(response.statusCode, `${method} ${url} ${field}`).toBe(400);
      expect(response.json(), `${method} ${url} ${field}`).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    // Read under the form's field: named as the form names it, not by its key.
    const french = await new TestClient(platform.app, 'fr').post('/api/auth/register', learnerRegistration('bidi@example.test', { city: 'Mar\u200bseille' }));
    expect(french.json()).toMatchObject({ field: 'city', message: expect.stringMatching(/^La ville contient des caractères invisibles ou de contrôle/) });
    const english = await new TestClient(platform.app, 'en').post('/api/auth/register', learnerRegistration('bidi@example.test', { address: '3 rue\u200b de Rome' }));
    expect(english.json()).toMatchObject({ field: 'address', message: expect.stringMatching(/^Address contains invisible or control characters/) });
    expect((await admin.post('/api/admin/users', { email: 'hidden@example.test', firstName: 'Ann', lastName: 'Lee', role: 'USER', language: 'FR', password: 'cheval-agrafe-pile', phoneNumber: '06\u200b11' })).json())
      .toMatchObject({ field: 'phoneNumber', message: expect.stringMatching(/^Phone number contains invisible/) });
    // A field no form's label is known for is named by its key.
    expect((await new TestClient(platform.app, 'fr').post('/api/auth/register', learnerRegistration('bidi@example.test', { licenseNumber: '1234\u200b' }))).json())
      .toMatchObject({ field: 'licenseNumber', message: expect.stringMatching(/^Le champ « licenseNumber » contient des caractères invisibles/) });
  });

  it('refuses the characters that show nothing though Unicode counts them as letters or marks, in a name as in every text field', async () => {
    const learner = new TestClient(platform.app, 'fr');
    await learner.login('learner@demo.test');
    const profile = (await learner.get('/api/users/profile')).json() as Record<string, unknown>;
    const { id: _id, email: _email, role: _role, isVerified: _verified, ...fields } = profile;
    const attempts: Array<[TestClient, 'POST' | 'PATCH', string, Record<string, unknown>, string]> = [
      // A blank-looking name (Hangul fillers), or a name with data after it (a combining grapheme joiner, variation selectors).
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('filler@example.test', { firstName: '\u3164\u3164' }), 'firstName'],
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('filler@example.test', { lastName: 'Mar\u115f\u1160tin' }), 'lastName'],
      [new TestClient(platform.app), 'POST', '/api/auth/register', learnerRegistration('filler@example.test', { firstName: 'Lé\u034fa' }), 'firstName'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, lastName: 'Martin\ufe0f\ufe0e' }, 'lastName'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, firstName: 'Léa\u{E0100}\u{E0101}' }, 'firstName'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, city: 'Gap\uffa0' }, 'city'],
      [learner, 'PATCH', '/api/users/profile', { ...fields, placeOfBirth: '\u2800' }, 'placeOfBirth'],
      [centre, 'PATCH', '/api/organization/profile', { name: 'Centre\u3164' }, 'name'],
      [centre, 'PATCH', '/api/organization/profile', { description: 'Agréé\u180b depuis 2009' }, 'description'],
      [centre, 'PATCH', `/api/courses/${courseId}`, { title: 'Arles\u2800' }, 'title'],
      [admin, 'POST', '/api/admin/users', { email: 'filler@example.test', firstName: '\u3164\u3164', lastName: 'Lee', role: 'USER', language: 'FR', password: 'cheval-agrafe-pile' }, 'firstName'],
    ];
    for (const [client, method, url, body, field] of attempts) {
      const response = await client.request(method, url, body);
      expect(response.statusCode, `${method} ${url} ${field}`).toBe(400);
      expect(response.json(), `${method} ${url} ${field}`).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    await platform.background.idle();
    expect((await platform.adapters.mailer.list()).filter((mail) => mail.to === 'filler@example.test')).toEqual([]);
  });

  it('keeps a pictograph’s presentation selector, as phones write "❤️"', async () => {
    const { id: _id, isVerified: _verified, createdAt: _created, ownerUserId: _owner, pendingIdentityChange: _pending, verificationWithdrawnAt: _withdrawn, ...profile } = (await centre.get('/api/organization/profile')).json() as Record<string, unknown>;
    const description = 'Centre agréé depuis 2009 ✔\ufe0f Accueil chaleureux ❤\ufe0f';
    const response = await centre.request('PATCH', '/api/organization/profile', { ...profile, description });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ description });
  });

  it('keeps the line breaks of a description, which is a paragraph', async () => {
    const { id: _id, isVerified: _verified, createdAt: _created, ownerUserId: _owner, pendingIdentityChange: _pending, verificationWithdrawnAt: _withdrawn, ...profile } = (await centre.get('/api/organization/profile')).json() as Record<string, unknown>;
    const description = 'Centre agréé depuis 2009.\nStages le samedi et le dimanche matin.';
    const response = await centre.request('PATCH', '/api/organization/profile', { ...profile, description });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ description });
  });
});
