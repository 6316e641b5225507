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
 */
export interface SiteAddresses {
  /** Whether a `Host` (or a trusted proxy's `X-Forwarded-Host`) names this site: `example.fr`, `localhost:3000`, `[::1]:80`. */
  servesHost(host: string | undefined): boolean;
  /** Whether an `Origin` header is one of the site's own origins. */
  isOwnOrigin(origin: string | undefined): boolean;
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

export function siteAddresses(publicUrl: string | undefined): SiteAddresses {
  const site = publicUrl ? new URL(publicUrl) : null;
  const siteHost = site ? hostnameOf(site.host) : null;
  const loopbackToo = !site || isLoopbackUrl(publicUrl!);
  const servesName = (hostname: string) => hostname === siteHost || (loopbackToo && isLoopbackName(hostname));
  return {
    primaryHost: site && !loopbackToo ? site.host : 'localhost',
    servesHost(host) {
      if (!host) return false;
      const hostname = hostnameOf(host);
      return hostname !== null && servesName(hostname);
    },
    isOwnOrigin(origin) {
      if (!origin) return false;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (site && url.origin === site.origin) return true;
      return loopbackToo && isLoopbackName(url.hostname.replace(/^\[|\]$/g, ''));
    },
  };
}

export const hostNotServed = () => new HttpProblem(421, 'HOST_NOT_SERVED', {
  fr: 'Ce site ne répond pas à cette adresse. Utilisez son adresse officielle.',
  en: 'This site does not answer at this address. Use its official address.',
});

/**
 * Every route of a server, static files and the not-found answer included, answers only the site's own
 * names: any other `Host` gets 421 before anything else runs. `X-Forwarded-Host` counts only from a proxy
 * that TRUST_PROXY names (Fastify's `request.host`).
 */
export function registerHostCheck(app: FastifyInstance, site: SiteAddresses) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.anyHost === true) return;
    if (!site.servesHost(request.host)) throw hostNotServed();
  });
}
