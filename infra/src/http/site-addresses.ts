import type { FastifyInstance } from 'fastify';
import { isLoopbackAddress, isLoopbackUrl } from './loopback';
import { HttpProblem } from './problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers whatever Host it is asked under: a liveness probe, which names nobody and changes nothing. */
    anyHost?: boolean;
  }
}

/**
 * The names and origins the site answers to. A page served from a name an attacker controls can be made to
 * resolve to this machine (DNS rebinding): its requests then carry that name as `Host` and as `Origin`, and
 * the browser treats them as same-origin. So neither is ever compared with the other: both are compared with
 * the configuration. `PUBLIC_URL`'s host is the site; while it is not public (unset, or a loopback address),
 * `localhost` and the loopback addresses are too, on any port (tests and `npm start` pick theirs).
 *
 * An origin is stricter than a name: a page of another program of this machine (another local app, on another
 * port) is another origin, and must not write here. So the site's own origin only: its scheme, name and port;
 * while it is not public, the loopback names with that same port (`http://127.0.0.1:3000` for
 * `http://localhost:3000`), or with the port the request itself came in on (a platform listening on a port chosen
 * at start). Vite's dev server is another origin: its proxy presents its own pages' writes with the site's origin
 * (`web/vite.config.ts`), so no list of extra origins is needed.
 */
export interface SiteAddresses {
  /** Whether a `Host` (or a trusted proxy's `X-Forwarded-Host`) names this site: `example.fr`, `localhost:3000`, `[::1]:80`. */
  servesHost(host: string | undefined): boolean;
  /**
   * Whether an `Origin` header is the site's own origin. `servedOnPort`: the local port of the connection the
   * request came in on, when there is one (not behind a proxy, where the browser's port is the proxy's).
   */
  isOwnOrigin(origin: string | undefined, servedOnPort?: number): boolean;
  /** The host name the site goes by, for a request of its own to another service (`localhost` when not public). */
  readonly primaryHost: string;
}

/** A Host header's name without its port, lower-case, without a trailing dot; brackets kept off an IPv6 address. */
function hostnameOf(host: string): string | null {
  const trimmed = host.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/.exec(trimmed);
  if (!match) return null;
  return match[1]!.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

const isLoopbackName = (hostname: string) => hostname === 'localhost' || isLoopbackAddress(hostname);

/** The port an origin or a site address is on, its scheme's default when it names none. */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * `siteUrl`: `PUBLIC_URL`, or where the site is served when it is not set (the embedded platform's
 * `http://localhost:<PORT>`); `undefined` when a server does not know it (then only the loopback origin of the
 * request's own port is the site's).
 */
export function siteAddresses(siteUrl: string | undefined): SiteAddresses {
  const site = siteUrl ? new URL(siteUrl) : null;
  const siteHost = site ? hostnameOf(site.host) : null;
  const loopbackToo = !site || isLoopbackUrl(siteUrl!);
  const servesName = (hostname: string) => hostname === siteHost || (loopbackToo && isLoopbackName(hostname));
  return {
    primaryHost: site && !loopbackToo ? site.host : 'localhost',
    servesHost(host) {
      if (!host) return false;
      const hostname = hostnameOf(host);
      return hostname !== null && servesName(hostname);
    },
    isOwnOrigin(origin, servedOnPort) {
      if (!origin) return false;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (site && url.origin === site.origin) return true;
      // Not public: this machine's names are the site's too, but on the site's own port only (another port is another program).
      if (!loopbackToo || !isLoopbackName(url.hostname.replace(/^\[|\]$/g, ''))) return false;
      if (site) return url.protocol === site.protocol && (portOf(url) === portOf(site) || portOf(url) === servedOnPort);
      return url.protocol === 'http:' && portOf(url) === servedOnPort;
    },
  };
}

const hostNotServed = () => new HttpProblem(421, 'HOST_NOT_SERVED', {
  fr: 'Ce site ne répond pas à cette adresse. Utilisez son adresse officielle.',
  en: 'This site does not answer at this address. Use its official address.',
});

/**
 * Every route of a server, static files and the not-found answer included, answers only the site's own
 * names: any other `Host` gets 421 before anything else runs. `X-Forwarded-Host` counts only from a proxy
 * that TRUST_PROXY names (Fastify's `request.host`).
 */
export function registerHostCheck(app: FastifyInstance, site: SiteAddresses) {
  // A callback hook: no promise for each request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.anyHost === true || site.servesHost(request.host)) return done();
    done(hostNotServed());
  });
}
