import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerRegistration, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** Issue 18, point 8 (ASVS 2.1.7): nobody sets a password that is among the most used ones. */
describe('a new password among the most common ones', () => {
  let platform: Platform;
  let admin: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is refused at registration, naming the field, in the person’s language; nothing is registered', async () => {
    const french = new TestClient(platform.app, 'fr');
    const refused = await french.post('/api/auth/register', learnerRegistration('common.fr@example.test', { password: 'password' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password', message: expect.stringMatching(/^Le mot de passe fait partie des plus couramment utilisés/) });
    const english = new TestClient(platform.app, 'en');
    const alsoRefused = await english.post('/api/auth/register', learnerRegistration('common.en@example.test', { password: '12345678' }));
    expect(alsoRefused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password', message: expect.stringMatching(/^The password is one of the most commonly used/) });
    await platform.background.idle();
    expect((await platform.adapters.mailer.list()).filter((m) => m.to.startsWith('common.'))).toEqual([]);
    // The same answer for an address that has an account: nothing learned about who has one.
    expect((await english.post('/api/auth/register', learnerRegistration('learner@demo.test', { password: 'Password' }))).json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
  });

  it('is refused at a password reset, and the link still serves for a better one', async () => {
    const client = new TestClient(platform.app, 'fr');
    expect((await client.post('/api/auth/forgot-password', { email: 'learner@demo.test' })).statusCode).toBe(202);
    await platform.background.idle();
    const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'learner@demo.test' && m.kind === 'reset-password')!;
    const token = new URL(mail.links.find((l) => l.includes('reset-password'))!).searchParams.get('token');
    const refused = await client.post('/api/auth/reset-password', { token, newPassword: 'azertyuiop' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'newPassword', message: expect.stringMatching(/^Le nouveau mot de passe/) });
    expect((await client.post('/api/auth/reset-password', { token, newPassword: 'demo-password' })).statusCode).toBe(200);
  });

  it('is refused at a change of password', async () => {
    const learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    const refused = await learner.post('/api/users/change-password', { currentPassword: 'demo-password', newPassword: 'iloveyou' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'newPassword', message: expect.stringMatching(/^The new password is one of the most commonly used/) });
    await learner.login('learner@demo.test');
  });

  it('is refused when an administrator creates or edits an account', async () => {
    const created = await admin.post('/api/admin/users', { email: 'weak@example.test', firstName: 'Faible', lastName: 'Motdepasse', role: 'USER', language: 'FR', password: 'qwertyuiop' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
    const good = await admin.post('/api/admin/users', { email: 'strong@example.test', firstName: 'Fort', lastName: 'Motdepasse', role: 'USER', language: 'FR', password: 'cheval-agrafe-pile' });
    expect(good.statusCode).toBe(201);
    const edited = await admin.request('PATCH', `/api/admin/users/${(good.json() as { id: string }).id}`, { password: 'password1' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
  });
});
