import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders, siteSecurityOptions } from './security-headers';

/** The headers of one answer of a server with one route, the security headers given by `register`. */
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown> | void) {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  app.get('/own-policy', async (_request, reply) => reply.header('Content-Security-Policy', "default-src 'none'").send('x'));
  const answers = [await app.inject('/'), await app.inject('/own-policy')].map((response) => {
    const { date: _date, ...rest } = response.headers;
    return rest;
  });
  await app.close();
  return answers;
}

describe('security headers', () => {
  it('are on every answer exactly as @fastify/helmet sent them, worked out once', async () => {
    for (const hsts of [false, true]) {
      const ours = await headersOf((app) => registerSecurityHeaders(app, siteSecurityOptions(hsts)));
      const helmets = await headersOf((app) => app.register(fastifyHelmet, siteSecurityOptions(hsts)));
      expect(ours).toEqual(helmets);
      expect(ours[0]!['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
      expect(ours[0]!['x-frame-options']).toBe('SAMEORIGIN');
      expect(ours[0]!['strict-transport-security'] !== undefined).toBe(hsts);
      // A route may still give its own policy.
      expect(ours[1]!['content-security-policy']).toBe("default-src 'none'");
    }
  });

  it('refuse a directive that depends on the request: it cannot be worked out once', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } })).toThrow(/script-src/);
  });
});
