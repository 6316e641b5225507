import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

describe('sessions', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('end after 30 minutes without a request, and stay open while used', async () => {
    const learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    platform.clock.advance(29 * MINUTE);
    expect((await learner.get('/api/auth/me')).statusCode).toBe(200);
    platform.clock.advance(29 * MINUTE);
    expect((await learner.get('/api/auth/me')).statusCode).toBe(200);
    platform.clock.advance(31 * MINUTE);
    expect((await learner.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('end 12 hours after sign-in, however busy', async () => {
    const learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect((await learner.get('/api/user/bookings')).statusCode).toBe(200);
      platform.clock.advance(20 * MINUTE);
    }
    platform.clock.advance(MINUTE);
    expect((await learner.get('/api/user/bookings')).statusCode).toBe(401);
  });

  it('lose a role the moment it is taken away', async () => {
    const admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    const learner = new TestClient(platform.app);
    const me = await learner.login('learner@demo.test');
    expect((await learner.get('/api/admin/users')).statusCode).toBe(403);
    expect((await admin.request('PATCH', `/api/admin/users/${me.id}/role`, { role: 'ADMIN' })).statusCode).toBe(200);
    expect((await learner.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/users/${me.id}/role`, { role: 'USER' })).statusCode).toBe(200);
    expect((await learner.get('/api/admin/users')).statusCode).toBe(403);
    expect((await learner.post('/api/admin/users', { email: 'z@example.test', firstName: 'Zoé', lastName: 'Zed', role: 'ADMIN', language: 'FR', password: 'password-9' })).statusCode).toBe(403);
  });

  describe('when what opened them no longer holds', () => {
    let n = 0;
    /** A new learner signed in on two devices, and an administrator. */
    async function learnerOnTwoDevices() {
      n += 1;
      const email = `two.devices.${n}@example.test`;
      const laptop = await signUpLearner(platform, email);
      const phone = new TestClient(platform.app);
      const me = await phone.login(email, 'learner-password');
      const admin = new TestClient(platform.app);
      await admin.login('admin@demo.test');
      return { email, id: me.id, laptop, phone, admin };
    }
    /** Signed in, as both APIs see it: the query API's /me, and a command that needs a session (401 without one). */
    const signedIn = async (client: TestClient) => {
      const me = (await client.get('/api/auth/me')).statusCode;
      const command = (await client.post('/api/bookings', { earlyStartRequested: true, courseId: 'no-such-course' })).statusCode;
      return `me ${me}, command ${command === 401 ? 401 : 'accepted'}`;
    };
    const IN = 'me 200, command accepted';
    const OUT = 'me 401, command 401';

    it('end everywhere but here on a password change', async () => {
      const { laptop, phone, email } = await learnerOnTwoDevices();
      expect(await signedIn(phone)).toBe(IN);
      expect((await laptop.post('/api/users/change-password', { currentPassword: 'learner-password', newPassword: 'another-password' })).statusCode).toBe(204);
      expect(await signedIn(laptop)).toBe(IN);
      expect(await signedIn(phone)).toBe(OUT);
      // Signing in again there takes the new password.
      expect((await phone.post('/api/auth/login', { email, password: 'learner-password' })).statusCode).toBe(401);
      await phone.login(email, 'another-password');
      expect(await signedIn(phone)).toBe(IN);
    });

    it('end everywhere on a password reset', async () => {
      const { laptop, phone, email } = await learnerOnTwoDevices();
      const visitor = new TestClient(platform.app);
      expect((await visitor.post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
      await platform.background.idle();
      const link = (await platform.adapters.mailer.list()).find((m) => m.to === email && m.kind === 'reset-password')!.links.find((l) => l.includes('/reset-password?'))!;
      const token = new URL(link).searchParams.get('token')!;
      expect((await visitor.post('/api/auth/reset-password', { token, newPassword: 'reset-password-1' })).statusCode).toBe(200);
      expect(await signedIn(laptop)).toBe(OUT);
      expect(await signedIn(phone)).toBe(OUT);
    });

    it('end everywhere when an administrator sets a new password', async () => {
      const { laptop, phone, id, admin } = await learnerOnTwoDevices();
      expect((await admin.request('PATCH', `/api/admin/users/${id}`, { password: 'set-by-admin-1' })).statusCode).toBe(200);
      expect(await signedIn(laptop)).toBe(OUT);
      expect(await signedIn(phone)).toBe(OUT);
      expect(await signedIn(admin)).toBe('me 200, command accepted');
    });

    it('end everywhere when the address is no longer verified', async () => {
      const { laptop, phone, id, admin } = await learnerOnTwoDevices();
      expect((await admin.request('PATCH', `/api/admin/users/${id}`, { isVerified: false })).statusCode).toBe(200);
      expect(await signedIn(laptop)).toBe(OUT);
      expect(await signedIn(phone)).toBe(OUT);
    });

    it('end everywhere when the account is deleted', async () => {
      const { laptop, phone, id, admin } = await learnerOnTwoDevices();
      expect((await admin.request('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(204);
      expect(await signedIn(laptop)).toBe(OUT);
      expect(await signedIn(phone)).toBe(OUT);
    });

    it('stay open on a change that leaves the password and the address as they were', async () => {
      const { laptop, phone, id, admin } = await learnerOnTwoDevices();
      expect((await admin.request('PATCH', `/api/admin/users/${id}`, { phoneNumber: '0611111111', isVerified: true, password: '' })).statusCode).toBe(200);
      expect((await laptop.post('/api/users/change-password', { currentPassword: 'wrong-password', newPassword: 'another-password' })).statusCode).toBe(400);
      expect(await signedIn(laptop)).toBe(IN);
      expect(await signedIn(phone)).toBe(IN);
    });
  });
});
