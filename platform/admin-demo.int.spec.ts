import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrganizationDto, AdminPaymentDto, AdminStatsDto } from '@recup/query-api/contracts/admin';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('the administrators’ demo data', () => {
  let platform: Platform;
  let admin: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ adminDemo: true });
    await platform.settled();
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('has a centre waiting for approval, run by an account that signs in with the demo password', async () => {
    const pending = (await admin.get('/api/admin/organizations?verified=false')).json() as AdminOrganizationDto[];
    expect(pending).toMatchObject([{ name: 'Azur Conduite Responsable', isVerified: false, owner: { email: 'nouveau.centre@demo.test' } }]);
    expect((await admin.get('/api/admin/stats')).json()).toMatchObject({ pendingOrganizations: 1 } satisfies Partial<AdminStatsDto>);
    await new TestClient(platform.app).login('nouveau.centre@demo.test');
  });

  it('has payments in every state, made through the test gateway', async () => {
    const payments = (await admin.get('/api/admin/payments')).json() as AdminPaymentDto[];
    expect(payments.map((p) => p.status).sort()).toEqual(['FAILED', 'PENDING', 'REFUNDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(payments.find((p) => p.status === 'REFUNDED')).toMatchObject({ creditNote: { number: expect.stringMatching(/^AV-RP-2026-\d{6}$/) }, user: { firstName: 'Julie' } });
  });
});
