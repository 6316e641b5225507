import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem';
import type { SiteAddresses } from './site-addresses';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes that authenticate otherwise (signed provider webhooks). */
    csrf?: boolean;
  }
}

const rejected = () => new HttpProblem(403, 'CSRF_REJECTED', {
  fr: 'Requête refusée : elle ne provient pas de notre site.',
  en: 'Request refused: it does not come from our site.',
});

/**
 * A state-changing call must prove it comes from our own pages. An `Origin` is compared with the site's
 * configured origin (PUBLIC_URL's scheme, name and port; while it is not public, the loopback names on that port
 * or on the port the request came in on), never with the request's own `Host`, which a page served from a rebound
 * DNS name chooses: a foreign `Origin`, another local program's page on another port included, is refused whatever
 * else the request carries. Without an `Origin`, a custom header (`X-Requested-With`) proves it: a browser only
 * sends one on a same-origin request or after a CORS preflight that we never grant.
 */
export function registerCsrfProtection(app: FastifyInstance, site: SiteAddresses) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (site.isOwnOrigin(origin, request.socket?.localPort)) return;
      throw rejected();
    }
    if (request.headers['x-requested-with']) return;
    throw rejected();
  });
}
