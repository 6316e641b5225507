import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDto, ProfileDto } from '@recup/query-api/contracts';
import { learnerRegistration as registration, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('accounts', () => {
  let platform: Platform;
  beforeAll(async () => {
    // These tests register more accounts from one address than a person would within a minute.
    platform = await startTestPlatform({ authRateLimitPerMinute: 50 });
  });
  afterAll(async () => {
    await platform.close();
  });

  async function mailsTo(address: string) {
    await platform.background.idle();
    return (await platform.adapters.mailer.list()).filter((m) => m.to === address);
  }
  async function linkIn(address: string, kind: string) {
    const mail = (await mailsTo(address)).find((m) => m.kind === kind);
    if (!mail) throw new Error(`no ${kind} mail to ${address}`);
    const url = new URL(mail.links.find((l) => l.includes(kind === 'verify-email' ? '/verify-email?' : '/reset-password?'))!);
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
  }

  it('registers, verifies, signs in, edits the profile, changes and then resets the password', async () => {
    const email = 'lea.martin@example.test';
    const visitor = new TestClient(platform.app);
    const registered = await visitor.post('/api/auth/register', registration(email));
    expect(registered.statusCode).toBe(202);
    expect(registered.json().message).toMatch(/vérifier votre email/);

    const refused = await visitor.post('/api/auth/login', { email, password: 'first-password' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', requiresVerification: true });

    const verify = await linkIn(email, 'verify-email');
    expect(verify.path).toMatch(/^\/verify-email\?token=/);
    const verified = await visitor.get(`/api/auth/verify-email?token=${encodeURIComponent(verify.token)}`);
    expect(verified.statusCode).toBe(200);
    const again = await visitor.get(`/api/auth/verify-email?token=${encodeURIComponent(verify.token)}`);
    expect(again.statusCode).toBe(200);
    const forged = await visitor.get(`/api/auth/verify-email?token=${encodeURIComponent(`${verify.token.split('.')[0]}.${'x'.repeat(43)}`)}`);
    expect(forged.json()).toMatchObject({ code: 'TOKEN_INVALID' });

    const learner = new TestClient(platform.app);
    expect((await learner.login(email, 'first-password')).role).toBe('USER');
    const profile = (await learner.get('/api/users/profile')).json() as ProfileDto;
    expect(profile).toMatchObject({ email, firstName: 'Léa', city: 'Marseille', dateOfBirth: '1990-05-14', addressDetails: null, isVerified: true });

    const { id: _id, email: _email, role: _role, isVerified: _verified, ...fields } = profile;
    const saved = await learner.request('PATCH', '/api/users/profile', { ...fields, city: 'Aubagne', postalCode: '13400', language: 'EN' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ city: 'Aubagne', language: 'EN' });
    expect((await learner.get('/api/users/profile')).json()).toMatchObject({ city: 'Aubagne', postalCode: '13400' });
    expect((await learner.get('/api/auth/me')).json()).toMatchObject({ language: 'EN' });

    const wrong = await learner.post('/api/users/change-password', { currentPassword: 'not-it', newPassword: 'second-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
    expect((await learner.post('/api/users/change-password', { currentPassword: 'first-password', newPassword: 'second-password' })).statusCode).toBe(204);
    expect((await learner.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await learner.get('/api/auth/me')).statusCode).toBe(401);

    const forgot = await visitor.post('/api/auth/forgot-password', { email });
    expect(forgot.statusCode).toBe(202);
    const reset = await linkIn(email, 'reset-password');
    const resetDone = await visitor.post('/api/auth/reset-password', { token: reset.token, newPassword: 'third-password' });
    expect(resetDone.statusCode).toBe(200);
    const reused = await visitor.post('/api/auth/reset-password', { token: reset.token, newPassword: 'fourth-password' });
    expect(reused.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await visitor.post('/api/auth/login', { email, password: 'second-password' })).statusCode).toBe(401);
    expect((await new TestClient(platform.app).login(email, 'third-password')).role).toBe('USER');
  });

  it('answers registration, resend and reset alike whether or not the address has an account', async () => {
    const client = new TestClient(platform.app, 'en');
    const known = await client.post('/api/auth/register', registration('learner@demo.test'));
    const unknown = await client.post('/api/auth/register', registration('nobody.yet@example.test'));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect((await mailsTo('learner@demo.test')).map((m) => m.kind)).toContain('account-exists');

    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const a = await client.post(path, { email: 'learner@demo.test' });
      const b = await client.post(path, { email: 'ghost@example.test' });
      expect(a.statusCode).toBe(202);
      expect(a.json()).toEqual(b.json());
    }
    expect(await mailsTo('ghost@example.test')).toEqual([]);
  });

  it('keeps one account when two registrations of one address arrive together', async () => {
    const email = 'twice@example.test';
    const [a, b] = await Promise.all([
      new TestClient(platform.app).post('/api/auth/register', registration(email, { firstName: 'Anne' })),
      new TestClient(platform.app).post('/api/auth/register', registration(email, { firstName: 'Bruno' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const kinds = (await mailsTo(email)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['account-exists', 'verify-email']);
    const registrations = (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email);
    expect(registrations).toHaveLength(1);
  });

  it('brings the learner back to the course that asked for the account: the verification link carries a path of our own site, and only that', async () => {
    const visitor = new TestClient(platform.app);
    expect((await visitor.post('/api/auth/register', registration('from.course@example.test', { returnTo: '/courses/c-42?from=search' }))).statusCode).toBe(202);
    const verify = await linkIn('from.course@example.test', 'verify-email');
    expect(new URL(verify.path, 'http://localhost').searchParams.get('returnTo')).toBe('/courses/c-42?from=search');
    expect(new URL(verify.path, 'http://localhost').searchParams.get('token')).toBe(verify.token);

    // Another site, however written, is ignored: the registration goes through, the link has no way out.
    for (const [i, returnTo] of ['https://evil.example/', '//evil.example/courses', '/\\evil.example', '/api/user/bookings'].entries()) {
      const email = `elsewhere.${i}@example.test`;
      expect((await visitor.post('/api/auth/register', registration(email, { returnTo }))).statusCode, returnTo).toBe(202);
      expect((await linkIn(email, 'verify-email')).path, returnTo).toMatch(/^\/verify-email\?token=[^&]+$/u);
    }
    // Nothing of it is kept in the account's history.
    const registered = (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === 'from.course@example.test');
    expect(JSON.stringify(registered[0]?.data)).not.toContain('returnTo');
  });

  it('names the invalid field of a registration, in the caller’s language', async () => {
    const response = await new TestClient(platform.app, 'en').post('/api/auth/register', registration('bad@example.test', { password: 'short' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
    const title = await new TestClient(platform.app, 'fr').post('/api/auth/register', registration('bad@example.test', { title: 'DR' }));
    expect(title.json()).toMatchObject({ field: 'title', message: expect.stringContaining('title') });
  });

  describe('administration of users', () => {
    it('creates, edits, promotes and deletes users, and always keeps one administrator', async () => {
      const admin = new TestClient(platform.app, 'en');
      await admin.login('admin@demo.test');
      const created = await admin.post('/api/admin/users', { email: 'second.admin@example.test', firstName: 'Marc', lastName: 'Petit', role: 'USER', language: 'FR', password: 'admin-password', isVerified: true });
      expect(created.statusCode).toBe(201);
      const second = created.json() as AdminUserDto;
      expect(second).toMatchObject({ email: 'second.admin@example.test', role: 'USER', isVerified: true });

      const duplicate = await admin.post('/api/admin/users', { email: 'second.admin@example.test', firstName: 'Marc', lastName: 'Petit', role: 'USER', language: 'FR', password: 'admin-password' });
      expect(duplicate.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', field: 'email' });

      const edited = await admin.request('PATCH', `/api/admin/users/${second.id}`, { lastName: 'Petitjean', phoneNumber: '0700000000' });
      expect(edited.json()).toMatchObject({ lastName: 'Petitjean', phoneNumber: '0700000000', firstName: 'Marc' });
      const promoted = await admin.request('PATCH', `/api/admin/users/${second.id}/role`, { role: 'ADMIN' });
      expect(promoted.json()).toMatchObject({ role: 'ADMIN' });
      const listed = (await admin.get('/api/admin/users')).json() as AdminUserDto[];
      expect(listed.find((u) => u.id === second.id)).toMatchObject({ role: 'ADMIN', lastName: 'Petitjean' });

      const me = (await admin.get('/api/auth/me')).json() as { id: string };
      // Two administrators left, and both removed at the same moment (the second deleted, the first demoted):
      // each removal alone is allowed, together they would leave none. Exactly one must fail.
      const [deleteSecond, demoteSelf] = await Promise.all([
        admin.request('DELETE', `/api/admin/users/${second.id}`),
        admin.request('PATCH', `/api/admin/users/${me.id}/role`, { role: 'USER' }),
      ]);
      const answers = [deleteSecond, demoteSelf];
      expect(answers.filter((r) => r.statusCode < 300)).toHaveLength(1);
      // The refusal names what was refused: the deletion, or the change of role.
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(1);
      if (deleteSecond.statusCode === 409) expect(deleteSecond.json()).toMatchObject({ code: 'LAST_ADMIN_CANNOT_BE_REMOVED', message: 'Cannot delete the last admin user' });
      else expect(demoteSelf.json()).toMatchObject({ code: 'LAST_ADMIN_ROLE_KEPT', message: 'Cannot change the role of the last admin user' });
      const adminsStream = (await platform.adapters.eventStore.readStream('admins')).reduce((set, e) => {
        const { userId } = e.data as { userId: string };
        if (e.type === 'AdminGranted') set.add(userId);
        else set.delete(userId);
        return set;
      }, new Set<string>());
      expect(adminsStream.size).toBe(1);
    });

    it('refuses the admin endpoints to anyone but an administrator', async () => {
      const learner = new TestClient(platform.app);
      await learner.login('learner@demo.test', 'demo-password');
      expect((await learner.get('/api/admin/users')).statusCode).toBe(403);
      expect((await learner.post('/api/admin/users', { email: 'x@example.test', firstName: 'Xx', lastName: 'Yy', role: 'ADMIN', language: 'FR', password: 'password-1' })).statusCode).toBe(403);
      expect((await new TestClient(platform.app).get('/api/admin/users')).statusCode).toBe(401);
    });
  });
});
