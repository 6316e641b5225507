import type { ProxyOptions } from 'vite';

/** Whether an origin is this machine's, on this port: `http://localhost:5173`, `http://127.0.0.1:5173`, `http://[::1]:5173`. */
export function isLoopbackOriginOn(origin: string, port: number | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  return loopback && Number(url.port || (url.protocol === 'https:' ? 443 : 80)) === port;
}

/**
 * How Vite's dev server forwards `/api` to a running platform (`npm start`). The platform takes a write only from
 * its own origin (scheme, name and port, see `infra/src/http/site-addresses.ts`); the dev server's pages are another
 * origin (another port), so the proxy presents their writes with the platform's origin, and no setting is needed.
 * Only theirs: a write whose Origin is anything else (another program's page, a rebound name) goes through as it
 * came, and the platform refuses it.
 */
export function apiProxy(target: string): ProxyOptions {
  const platformOrigin = new URL(target).origin;
  return {
    target,
    changeOrigin: false,
    configure(proxy) {
      proxy.on('proxyReq', (proxyRequest, request) => {
        const origin = request.headers.origin;
        if (origin && isLoopbackOriginOn(origin, request.socket.localPort)) proxyRequest.setHeader('origin', platformOrigin);
      });
    },
  };
}
