import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { AdminUserDto, CourseDto, ProfileDto } from '@recup/query-api/contracts';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import type { OrganizationDto } from '@recup/query-api/contracts/organization';
import { bookAndPay, legalCourse } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Optimistic concurrency on edits (ARCHITECTURE: 412 on a stale If-Match): a course, a centre and a user read
 * carry their stream's revision as ETag; an edit sent back with it is refused when somebody else edited since.
 */
describe('edits with If-Match', () => {
  let platform: Platform;
  let centreTabA: TestClient;
  let centreTabB: TestClient;
  let admin: TestClient;
  let adminEn: TestClient;
  let provenceId: string;

  const etag = (response: LightMyRequestResponse) => response.headers.etag as string | undefined;
  const patch = (client: TestClient, url: string, body: unknown, ifMatch?: string) => client.request('PATCH', url, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });
  /** Both tabs see what either wrote (as the web does with X-Min-Position). */
  const sync = (...clients: TestClient[]) => {
    const highest = Math.max(...[centreTabA, centreTabB, admin, adminEn, ...clients].map((c) => c.minPosition));
    for (const client of [centreTabA, centreTabB, admin, adminEn, ...clients]) client.minPosition = highest;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    centreTabA = new TestClient(platform.app, 'fr');
    await centreTabA.login('centre@demo.test');
    centreTabB = new TestClient(platform.app, 'fr');
    await centreTabB.login('centre@demo.test');
    admin = new TestClient(platform.app, 'fr');
    await admin.login('admin@demo.test');
    adminEn = new TestClient(platform.app, 'en');
    await adminEn.login('admin@demo.test');
    provenceId = ((await new TestClient(platform.app).get('/api/courses/search?department=13')).json() as CourseDto[])[0]!.organization.id;
  });
  afterAll(async () => {
    await platform.close();
  });

  async function newCourse(title: string) {
    const created = await centreTabA.post('/api/courses', legalCourse({ title, organizationId: provenceId }));
    expect(created.statusCode, created.body).toBe(201);
    sync();
    return (created.json() as CourseResponse).id;
  }

  describe('a course', () => {
    it('two tabs read the same revision: the first save wins, the second is told who changed it (412) and the course stays as the first saved it', async () => {
      const id = await newCourse('Arles, deux onglets');
      const readA = await centreTabA.get(`/api/courses/${id}`);
      const readB = await centreTabB.get(`/api/courses/${id}`);
      expect(etag(readA)).toMatch(/^"\d+"$/);
      expect(etag(readB)).toBe(etag(readA));

      const first = await patch(centreTabA, `/api/courses/${id}`, legalCourse({ title: 'Arles, titre du premier onglet' }), etag(readA));
      expect(first.statusCode, first.body).toBe(200);
      expect(etag(first)).not.toBe(etag(readA));
      expect((first.json() as CourseResponse).revision).toBe(Number(etag(first)!.slice(1, -1)));

      const second = await patch(centreTabB, `/api/courses/${id}`, legalCourse({ title: 'Arles, titre du second onglet' }), etag(readB));
      expect(second.statusCode, second.body).toBe(412);
      expect(second.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(second.json()).toMatchObject({
        code: 'STALE_EDIT', changedBy: 'you', changedAt: '2026-11-21T09:00:00.000Z',
        message: 'Modifié entre-temps par vous (dans une autre fenêtre), le 21 novembre à 10:00 : rechargez la page pour voir ses changements avant de modifier à nouveau.',
      });

      sync();
      const stored = await centreTabB.get(`/api/courses/${id}`);
      expect(stored.json()).toMatchObject({ title: 'Arles, titre du premier onglet' });
      // The read after the edit carries the edit's ETag: the second tab, reloaded, saves.
      expect(etag(stored)).toBe(etag(first));
      const again = await patch(centreTabB, `/api/courses/${id}`, legalCourse({ title: 'Arles, titre du second onglet' }), etag(stored));
      expect(again.statusCode, again.body).toBe(200);
    });

    it('names the centre’s user to an administrator whose edit came too late, in English', async () => {
      const id = await newCourse('Arles, centre puis admin');
      const read = await adminEn.get(`/api/courses/${id}`);
      const centreSaved = await patch(centreTabA, `/api/courses/${id}`, legalCourse({ title: 'Arles, par le centre' }), etag(read));
      expect(centreSaved.statusCode, centreSaved.body).toBe(200);
      const late = await patch(adminEn, `/api/courses/${id}`, legalCourse({ title: 'Arles, by the admin' }), etag(read));
      expect(late.statusCode, late.body).toBe(412);
      const problem = late.json() as { changedBy: string; changedByName: string; message: string };
      expect(problem.changedBy).toBe('person');
      expect(problem.changedByName).toMatch(/\S/);
      expect(problem.message).toBe(`Changed meanwhile by ${problem.changedByName}, on 21 November at 10:00: reload the page to see those changes before editing again.`);
    });

    it('a booking since the read is no edit of the course: the save goes through', async () => {
      const id = await newCourse('Arles, réservé entre-temps');
      const read = await centreTabA.get(`/api/courses/${id}`);
      const learner = await signUpLearner(platform, 'etag-learner@example.test');
      await bookAndPay(learner, id);
      const saved = await patch(centreTabA, `/api/courses/${id}`, legalCourse({ title: 'Arles, après la réservation' }), etag(read));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(Number(etag(saved)!.slice(1, -1))).toBeGreaterThan(Number(etag(read)!.slice(1, -1)) + 1);
    });

    it('without If-Match, the last save wins as before; `*` too', async () => {
      const id = await newCourse('Arles, sans If-Match');
      await centreTabA.get(`/api/courses/${id}`);
      expect((await patch(centreTabA, `/api/courses/${id}`, legalCourse({ title: 'Arles, un' }))).statusCode).toBe(200);
      expect((await patch(centreTabB, `/api/courses/${id}`, legalCourse({ title: 'Arles, deux' }))).statusCode).toBe(200);
      expect((await patch(centreTabB, `/api/courses/${id}`, legalCourse({ title: 'Arles, trois' }), '*')).statusCode).toBe(200);
      sync();
      expect((await centreTabA.get(`/api/courses/${id}`)).json()).toMatchObject({ title: 'Arles, trois' });
    });

    it('a malformed If-Match is a 400 naming the header, in the caller’s language', async () => {
      const id = await newCourse('Arles, en-tête invalide');
      for (const bad of ['12', 'abc', '"x"', '"1", nope', '"-1"']) {
        const fr = await patch(centreTabA, `/api/courses/${id}`, legalCourse(), bad);
        expect(fr.statusCode, bad).toBe(400);
        expect(fr.json(), bad).toMatchObject({ code: 'INVALID_IF_MATCH', field: 'If-Match', message: expect.stringMatching(/^L’en-tête If-Match est invalide/) });
      }
      const en = await patch(adminEn, `/api/courses/${id}`, legalCourse(), 'W/abc');
      expect(en.json()).toMatchObject({ code: 'INVALID_IF_MATCH', field: 'If-Match', message: expect.stringMatching(/^The If-Match header is invalid/) });
      // Nothing was written.
      sync();
      expect((await centreTabA.get(`/api/courses/${id}`)).json()).toMatchObject({ title: 'Arles, en-tête invalide' });
    });

    it('an ETag of a revision the course never reached is stale, and a weak one of the current revision is accepted', async () => {
      const id = await newCourse('Arles, révision inconnue');
      const read = await centreTabA.get(`/api/courses/${id}`);
      const future = await patch(centreTabA, `/api/courses/${id}`, legalCourse(), `"${Number(etag(read)!.slice(1, -1)) + 5}"`);
      expect(future.statusCode).toBe(412);
      expect(future.json()).toMatchObject({ code: 'STALE_EDIT', message: expect.stringMatching(/^Modifié entre-temps : rechargez la page/) });
      expect((await patch(centreTabA, `/api/courses/${id}`, legalCourse({ title: 'Arles, faible' }), `W/${etag(read)!}`)).statusCode).toBe(200);
    });
  });

  describe('a centre', () => {
    it('the centre’s profile read carries its ETag; an administrator’s edit since makes the centre’s save stale', async () => {
      const read = await centreTabA.get('/api/organization/profile');
      const profile = read.json() as OrganizationDto;
      expect(etag(read)).toBe(`"${profile.revision}"`);

      const rows = (await admin.get('/api/admin/organizations')).json() as AdminOrganizationDto[];
      const row = rows.find((o) => o.id === profile.id)!;
      expect(row.revision).toBe(profile.revision);
      const { id: _id, owner: _owner, createdAt: _createdAt, pendingIdentityChange: _pending, verificationWithdrawnAt: _withdrawn, revision, ...fields } = row;
      const adminSaved = await patch(admin, `/api/admin/organizations/${profile.id}`, { ...fields, description: 'Décrit par l’administrateur' }, `"${revision}"`);
      expect(adminSaved.statusCode, adminSaved.body).toBe(200);
      expect(etag(adminSaved)).toBe(`"${(adminSaved.json() as OrganizationDto).revision}"`);

      const { id: _pid, isVerified: _v, createdAt: _c, ownerUserId: _o, pendingIdentityChange: _p, verificationWithdrawnAt: _w, notifications: _n, revision: _r, ...own } = profile;
      const stale = await patch(centreTabA, '/api/organization/profile', { ...own, description: 'Décrit par le centre' }, etag(read));
      expect(stale.statusCode, stale.body).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'STALE_EDIT', changedBy: 'administrator', message: expect.stringMatching(/^Modifié entre-temps par un administrateur, le /) });

      sync();
      const now = await centreTabA.get('/api/organization/profile');
      expect(now.json()).toMatchObject({ description: 'Décrit par l’administrateur' });
      expect(etag(now)).toBe(etag(adminSaved));
      // A second administrator's tab with the old revision is stale too; with the new one, the save goes through.
      const late = await patch(adminEn, `/api/admin/organizations/${profile.id}`, { ...fields, description: 'Too late' }, `"${revision}"`);
      expect(late.statusCode).toBe(412);
      expect(late.json()).toMatchObject({ changedBy: 'you', message: expect.stringMatching(/^Changed meanwhile by you \(in another window\), on /) });
      const fresh = await patch(centreTabA, '/api/organization/profile', { ...own, description: 'Décrit par le centre' }, etag(now));
      expect(fresh.statusCode, fresh.body).toBe(200);
    });
  });

  describe('a caller of before', () => {
    it('sends back what it read, revision included, without If-Match: saved as before, the revision no part of the profile', async () => {
      const learner = await signUpLearner(platform, 'etag-roundtrip@example.test');
      const read = (await learner.get('/api/users/profile')).json() as ProfileDto;
      const { id: _id, email: _email, role: _role, isVerified: _verified, ...sent } = read;
      expect(sent.revision).toBeGreaterThanOrEqual(0);
      const saved = await patch(learner, '/api/users/profile', { ...sent, city: 'Aubagne', postalCode: '13400' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ city: 'Aubagne', revision: read.revision! + 1 });
      const events = await platform.adapters.eventStore.readStream(`user-${read.id}`);
      expect(events.at(-1)?.type).toBe('UserProfileUpdated');
      expect(events.at(-1)?.data).not.toHaveProperty('revision');
    });
  });

  describe('a user', () => {
    it('the learner’s profile read carries its ETag; an administrator’s edit since makes the learner’s save stale; the role too', async () => {
      const learner = await signUpLearner(platform, 'etag-profile@example.test', 'en');
      const read = await learner.get('/api/users/profile');
      const profile = read.json() as ProfileDto;
      expect(etag(read)).toBe(`"${profile.revision}"`);

      sync(learner);
      const row = ((await admin.get('/api/admin/users?q=etag-profile')).json() as AdminUserDto[]).find((u) => u.id === profile.id)!;
      expect(row.revision).toBe(profile.revision);
      const adminSaved = await patch(admin, `/api/admin/users/${profile.id}`, { phoneNumber: '0699887766' }, `"${row.revision}"`);
      expect(adminSaved.statusCode, adminSaved.body).toBe(200);
      expect(etag(adminSaved)).not.toBe(etag(read));

      const { id: _id, email: _email, role: _role, isVerified: _verified, revision: _revision, ...fields } = profile;
      const stale = await patch(learner, '/api/users/profile', { ...fields, city: 'Aix-en-Provence', postalCode: '13100' }, etag(read));
      expect(stale.statusCode, stale.body).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'STALE_EDIT', changedBy: 'administrator', message: expect.stringMatching(/^Changed meanwhile by an administrator, on /) });

      learner.minPosition = Math.max(learner.minPosition, admin.minPosition);
      const now = await learner.get('/api/users/profile');
      expect(now.json()).toMatchObject({ phoneNumber: '0699887766', city: 'Marseille' });
      expect(etag(now)).toBe(etag(adminSaved));
      const saved = await patch(learner, '/api/users/profile', { ...fields, phoneNumber: '0699887766', city: 'Aix-en-Provence', postalCode: '13100' }, etag(now));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(etag(saved)).toBe(`"${(saved.json() as ProfileDto).revision}"`);

      // The administrator's form, still at the revision it read, may change neither the account nor its role now.
      const staleRole = await patch(adminEn, `/api/admin/users/${profile.id}/role`, { role: 'ORGANIZATION' }, etag(adminSaved));
      expect(staleRole.statusCode, staleRole.body).toBe(412);
      expect(staleRole.json()).toMatchObject({ changedBy: 'person', changedByName: 'Léa Martin' });
      const staleAccount = await patch(adminEn, `/api/admin/users/${profile.id}`, { email: 'etag-profile-new@example.test' }, etag(adminSaved));
      expect(staleAccount.statusCode, staleAccount.body).toBe(412);
      sync(learner);
      const after = ((await admin.get('/api/admin/users?q=etag-profile')).json() as AdminUserDto[]).find((u) => u.id === profile.id)!;
      expect(after).toMatchObject({ role: 'USER', email: 'etag-profile@example.test', revision: Number(etag(saved)!.slice(1, -1)) });
      const role = await patch(adminEn, `/api/admin/users/${profile.id}/role`, { role: 'ORGANIZATION' }, etag(saved));
      expect(role.statusCode, role.body).toBe(200);
      expect(etag(role)).not.toBe(etag(saved));
    });
  });
});
