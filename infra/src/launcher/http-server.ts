import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { languageOf } from '../http/language';
import { problems, registerProblemHandling, sendProblem } from '../http/problem';
import { frameworkErrors, registerStrictInput } from '../http/request-input';
import { registerSecurityHeaders, siteSecurityOptions } from '../http/security-headers';
import { registerHostCheck, siteAddresses, type SiteAddresses } from '../http/site-addresses';

/** A route as registered: what the route × caller matrix and the fuzzing suite walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its zod schemas (body, querystring, params, headers), as given to Fastify. */
  schema?: FastifySchema;
}
import { registerStaticFiles } from '../http/static-files';
import { contentCodingOf, encodedPage, loadPageRenderer } from '../http/page-rendering';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: ReadonlyArray<RegisteredRoute>;
  }
}

interface HttpServerOptions {
  /** Registers the APIs, each in its own encapsulated context. */
  registerApis: (app: FastifyInstance) => Promise<void>;
  /** The built web app (index.html and assets); absent in API-only tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY): nobody's by default, so a client cannot choose its own address. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Strict-Transport-Security on every answer: on when the session cookie is Secure (the site is served over https). */
  hsts?: boolean;
  /** How long a client may take to send its request; defaults in SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
  /** The site's public address (PUBLIC_URL), for the canonical links of the pages rendered on the server. */
  publicUrl?: string | undefined;
  /** The web app's server entry (default: web/dist-ssr/entry-server.mjs beside webDist); the public pages are rendered with it. */
  serverEntry?: string | undefined;
  /** The read models' position, which keeps a public page written for anonymous visitors until it moves. */
  projectionPosition?: () => number;
  /** The names the server answers (PUBLIC_URL's; loopback ones while it is not public): any other Host gets 421. */
  site?: SiteAddresses;
}

export interface ServerTimeouts {
  /** The whole request, headers and body (Node's `requestTimeout`; Fastify leaves it at 0, never). */
  requestMs: number;
  /** The request's headers (Node's `headersTimeout`). */
  headersMs: number;
  /** A connection with nothing moving on it (Fastify's `connectionTimeout`). */
  idleMs: number;
  /** How often Node checks requests against these limits (`connectionsCheckingInterval`). */
  checkEveryMs: number;
}

/**
 * Every server we start sets these: a client that trickles its request (one byte every few seconds) is cut
 * off instead of holding a connection for ever. A 256 kB body (our largest) takes under a second on a slow
 * mobile link; 30 s leaves plenty of room.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, headersMs: 10_000, idleMs: 60_000, checkEveryMs: 2_000 };

/** Fastify's options for those timeouts, for a server not made by createHttpServer (the projector's health). */
export function serverTimeoutOptions(timeouts: Partial<ServerTimeouts> = {}): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout'> & { http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } } {
  const t = { ...SERVER_TIMEOUTS, ...timeouts };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    http: { requestTimeout: t.requestMs, headersTimeout: Math.min(t.headersMs, t.requestMs), connectionsCheckingInterval: t.checkEveryMs },
  };
}

/**
 * One HTTP server: the APIs under /api, the built single-page app everywhere else (any unknown path gets
 * index.html, so that the client router answers it), and an /api 404 as problem+json.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    trustProxy: options.trustProxy ?? false,
    ...serverTimeoutOptions(options.timeouts),
    frameworkErrors,
  });
  // Whatever no API context answers (an undecodable address, a body that is not UTF-8...) is problem+json too.
  registerProblemHandling(app);
  // First of all: a request for another name (a rebound DNS name) gets nothing, not even a static file.
  registerHostCheck(app, options.site ?? siteAddresses(undefined));
  // An answer may name someone (a booking, a history, an invoice, an export): no browser or proxy keeps it unless
  // its route says otherwise (the web app's files, the APIs' descriptions). One hook for every service we start.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done();
  });
  registerStrictInput(app);
  // Helmet's headers, worked out once at start (security-headers.ts).
  registerSecurityHeaders(app, siteSecurityOptions(options.hsts ?? false));
  // Every route, as registered, with its schemas: the route × caller test and the fuzzing suite walk them all.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('registeredRoutes', routes);
  await options.registerApis(app);

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) await registerStaticFiles(app, webDist);
  const renderPage = hasWeb ? await loadPageRenderer(app, webDist, { publicUrl: options.publicUrl, serverEntry: options.serverEntry, projectionPosition: options.projectionPosition }) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendProblem(reply, languageOf(request), problems.routeNotFound(request.method, path));
    }
    // A missing asset is a real 404; any other page is the client router's to answer.
    if (path.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    // A public page is written on the server, with its data, in the visitor's language; any other page (the
    // signed-in areas) is the client router's. A failed rendering still leaves the browser to render the page.
    if (renderPage && request.method === 'GET') {
      try {
        const page = await renderPage(request);
        if (page) {
          reply.header('Vary', 'Cookie, Accept-Language, Accept-Encoding');
          reply.header('Cache-Control', request.headers.cookie ? 'private, no-cache' : 'no-cache');
          reply.status(page.status).type('text/html; charset=utf-8');
          if (page.status === 503) reply.header('Retry-After', '5');
          const coding = contentCodingOf(request.headers['accept-encoding']);
          if (!coding) return reply.send(page.html);
          return reply.header('Content-Encoding', coding).send(await encodedPage(page, coding));
        }
      } catch (error) {
        request.log.error({ err: error }, 'server rendering of a page failed');
      }
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return app;
}
