import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { apiProxy } from '../web/dev-proxy';
import { startTestPlatform } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 18, point 1: the platform takes a write only from its own origin, the port included. `npm run dev:web`
 * serves the pages from Vite's dev server, on another port: its proxy presents their writes with the platform's
 * origin, and only theirs.
 */
describe('Vite’s dev server in front of a running platform', () => {
  let platform: Platform;
  let vite: ViteDevServer;
  let devPort: number;

  beforeAll(async () => {
    platform = await startTestPlatform();
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = platform.app.server.address() as { port: number };
    vite = await createServer({
      configFile: false, root: 'web', logLevel: 'silent', appType: 'custom',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false, watch: null, proxy: { '/api': apiProxy(`http://127.0.0.1:${port}`) } },
    });
    await vite.listen();
    devPort = (vite.httpServer!.address() as { port: number }).port;
  });
  afterAll(async () => {
    await vite?.close();
    await platform?.close();
  });

  const write = (origin: string) => fetch(`http://127.0.0.1:${devPort}/api/auth/forgot-password`, {
    method: 'POST', headers: { origin, host: `localhost:${devPort}`, 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify({ email: 'nobody@example.test' }),
  });

  it('lets the dev server’s own pages write, with no setting', async () => {
    for (const origin of [`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]) expect((await write(origin)).status, origin).toBe(202);
  });

  it('passes any other origin through as it came: the platform refuses it', async () => {
    for (const origin of ['http://127.0.0.1:8081', 'http://localhost:3001', `http://rebind.attacker.test:${devPort}`, 'null']) {
      const refused = await write(origin);
      expect(refused.status, origin).toBe(403);
      expect(await refused.json(), origin).toMatchObject({ code: 'CSRF_REJECTED' });
    }
  });
});
