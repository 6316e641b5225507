import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { InProcessProjectionProgress } from '@recup/infra/consistency/projection-progress';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { DEMO_SELLER, type SellerIdentity } from '@recup/infra/seller-identity';
import { EmbeddedSqliteSessionStore } from '@recup/infra/sessions/embedded-sqlite-session-store';
import { queryApi } from '../app';

describe('GET /api/legal/seller', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-seller-route-'));
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function appWith(seller?: SellerIdentity) {
    const app = Fastify();
    await app.register(queryApi, {
      readStore: new EmbeddedMingoReadStore(), progress: new InProcessProjectionProgress(), clock: new ManualClock('2026-11-21T09:00:00.000Z'), seller,
      sessions: { store: new EmbeddedSqliteSessionStore(join(dir, `sessions-${apps.length}.sqlite`)), secret: 's'.repeat(40), secure: false },
    });
    apps.push(app);
    return app;
  }

  it('answers anyone with the seller the invoices carry: the demonstration one by default', async () => {
    const response = await (await appWith()).inject({ method: 'GET', url: '/api/legal/seller' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEMO_SELLER, demonstration: true });
  });

  it('answers the configured seller', async () => {
    const seller = {
      ...DEMO_SELLER, name: 'Autre SAS', siren: '732829320', siret: '73282932000074', vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI',
      publicationDirector: 'Claire Durand', hostingProvider: 'Hébergeur SAS', hostingAddress: '1 rue du Port, 13002 Marseille', hostingPhone: '04 91 00 00 00',
    };
    expect((await (await appWith(seller)).inject({ method: 'GET', url: '/api/legal/seller' })).json()).toEqual({ ...seller, demonstration: false });
  });
});
