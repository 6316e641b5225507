import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, TestClient } from './testing';

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
});
