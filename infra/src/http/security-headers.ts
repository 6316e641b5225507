import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The options every server of the platform gives helmet: Stripe's scripts, frames and API allowed beside our own,
 * HSTS only when `hsts` (browsers heed it only over https: sent when cookies are Secure, i.e. over https).
 */
export function siteSecurityOptions(hsts: boolean): HelmetOptions {
  return {
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
  };
}

/**
 * The security headers helmet writes for `options`, worked out once: the same for every answer, since no
 * directive depends on the request (a directive written as a function, a per-request nonce, is refused here).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const directives = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives ?? {} : {};
  for (const [name, value] of Object.entries(directives)) {
    if (value !== null && typeof value === 'object' && Symbol.iterator in value && [...value].some((v) => typeof v === 'function')) {
      throw new Error(`the ${name} directive depends on the request: the security headers cannot be worked out once`);
    }
  }
  const headers = new Map<string, readonly [string, string]>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * Helmet's headers on every answer, set as helmet sets them (on the response, before the route runs, so that
 * a route may still replace one: the dev mailbox's own Content-Security-Policy). They are worked out once at
 * start: @fastify/helmet built helmet's middleware again for each request, parsing the Content-Security-Policy
 * every time, about a tenth of what a public read cost.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
