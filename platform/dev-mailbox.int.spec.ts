import { afterEach, describe, expect, it } from 'vitest';
import { startTestPlatform } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const write = { 'x-requested-with': 'recup-points' };

/** The attack of issue 11: ask a reset for the administrator, read the link in the mailbox, take the account. */
async function tryToReadTheAdminsResetLink(platform: Platform, remoteAddress: string, host = 'localhost:3000') {
  expect((await platform.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, headers: { ...write, host }, payload: { email: 'admin@demo.test' } })).statusCode).toBe(202);
  await platform.background.idle();
  return platform.app.inject({ url: '/dev/mailbox/messages.json?to=admin@demo.test', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1', host } });
}

describe('the embedded development mailbox', () => {
  let platform: Platform;
  afterEach(async () => {
    await platform.close();
  });

  it('gives nobody but this machine the reset link of another account', async () => {
    platform = await startTestPlatform();
    const remote = await tryToReadTheAdminsResetLink(platform, '198.51.100.23');
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('reset-password?token=');
    // The developer at the keyboard still reads it, as `npm start` has always allowed.
    const local = await platform.app.inject({ url: '/dev/mailbox/messages.json?to=admin@demo.test', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('reset-password?token=');
  });

  it('is not served when the site has a public address', async () => {
    platform = await startTestPlatform({ config: { PUBLIC_URL: 'https://recup-points.example' } });
    const local = await tryToReadTheAdminsResetLink(platform, '127.0.0.1', 'recup-points.example');
    expect(local.statusCode).toBe(404);
    expect(platform.app.registeredRoutes.filter((route) => route.url.startsWith('/dev/'))).toEqual([]);
  });
});
