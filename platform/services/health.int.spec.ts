import { describe, expect, it } from 'vitest';
import { siteAddresses } from '@recup/infra/http/site-addresses';
import { createHttpServer } from '@recup/infra/launcher/http-server';
import { registerHealth } from './health';

/**
 * Issue 18, point 1: every route answers only the site's names, but the health probes, which containers and the
 * gateway call by names of their own. They are kept harmless instead: under any name, they tell whether the service
 * is up and nothing else (no store's error, no internal address), read no session, and no cache keeps them.
 */
describe('a service’s health probes, asked under a name that is not the site’s', () => {
  async function service(ready: () => Promise<unknown>) {
    return createHttpServer({ site: siteAddresses('https://recup-points.example'), registerApis: async (root) => registerHealth(root, 'query-api', ready) });
  }
  const rebound = { host: 'rebind.attacker.test:3002', origin: 'http://rebind.attacker.test:3002' };

  it('says a service is down, never why', async () => {
    const app = await service(async () => {
      throw new Error('connect ECONNREFUSED 10.12.0.7:27017 (mongodb://recup:s3cret@mongo-internal:27017)');
    });
    try {
      for (const host of [rebound.host, '127.0.0.1:3002', 'query-api:3002']) {
        const health = await app.inject({ url: '/health', headers: { ...rebound, host } });
        expect(health.statusCode, host).toBe(503);
        expect(health.json(), host).toEqual({ status: 'unavailable', service: 'query-api' });
        expect(health.body).not.toMatch(/ECONNREFUSED|10\.12|mongo|s3cret/);
        expect(health.headers['cache-control']).toBe('no-store');
        expect(health.headers['set-cookie']).toBeUndefined();
      }
      expect((await app.inject({ url: '/health/live', headers: rebound })).json()).toEqual({ status: 'ok', service: 'query-api' });
      // Nothing else answers under that name.
      expect((await app.inject({ url: '/api/anything', headers: rebound })).statusCode).toBe(421);
    } finally {
      await app.close();
    }
  });

  it('says a service is up, and nothing more', async () => {
    const app = await service(async () => undefined);
    try {
      const health = await app.inject({ url: '/health', headers: rebound });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', service: 'query-api' });
    } finally {
      await app.close();
    }
  });
});
