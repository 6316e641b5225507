import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

/** The options our servers give (http-server.ts), with and without HSTS. */
const options = (hsts: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'script-src': ["'self'", 'https://js.stripe.com'],
      'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ["'self'", 'https://api.stripe.com'],
      'img-src': ["'self'", 'data:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
});

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
      const ours = await headersOf((app) => registerSecurityHeaders(app, options(hsts)));
      const helmets = await headersOf((app) => app.register(fastifyHelmet, options(hsts)));
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
