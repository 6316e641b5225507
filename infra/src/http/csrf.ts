import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes that authenticate otherwise (signed provider webhooks). */
    csrf?: boolean;
  }
}

/**
 * A state-changing call must prove it comes from our own pages: a browser only sends a custom header
 * (`X-Requested-With`) on a same-origin request or after a CORS preflight that we never grant; an `Origin`
 * header naming our own host also passes.
 */
export function registerCsrfProtection(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
    if (request.headers['x-requested-with']) return;
    const origin = request.headers.origin;
    if (origin) {
      try {
        if (request.headers.host && new URL(origin).host === new URL(`http://${request.headers.host}`).host) return;
      } catch {
        // a malformed Origin is refused below
      }
    }
    throw new HttpProblem(403, 'CSRF_REJECTED', {
      fr: 'Requête refusée : elle ne provient pas de notre site.',
      en: 'Request refused: it does not come from our site.',
    });
  });
}
