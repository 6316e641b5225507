import fastifyReplyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { languageOf } from '@recup/infra/http/language';
import { API_DOCS, registerApiDocsPage } from '@recup/infra/http/openapi';
import { HttpProblem, sendProblem } from '@recup/infra/http/problem';
import { createHttpServer, type ServerTimeouts } from '@recup/infra/launcher/http-server';
import { siteAddresses, type SiteAddresses } from '@recup/infra/http/site-addresses';

interface GatewayOptions {
  commandApiUrl: string;
  queryApiUrl: string;
  /** The built web app; absent in API-only tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Whose X-Forwarded-For to believe (TRUST_PROXY); none by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Strict-Transport-Security on every answer, when the site is served over https (SECURE_COOKIES). */
  hsts?: boolean;
  /** The site's address (PUBLIC_URL): the only name the gateway answers, with the loopback ones while it is not public. */
  publicUrl?: string;
  timeouts?: Partial<ServerTimeouts>;
  /** How long start-up waits for the command API to publish its routes (default 60 s). */
  startupTimeoutMs?: number;
  /** How often the command API's routes are read again, so that a redeployed command API needs no new gateway (default 60 s; 0: never). */
  refreshMs?: number;
  log?: (message: string) => void;
}

type Upstream = 'command' | 'query';
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Which GETs the command API answers (the e-mail verification link, the test gateway's pages, its OpenAPI
 * document...): read from the command API's own OpenAPI document, never a copy kept here.
 */
export class CommandApiReads {
  private patterns: RegExp[] = [CommandApiReads.pattern(API_DOCS.command)];

  /** `/api/courses/{id}` (OpenAPI) or `/api/courses/:id` (Fastify) → a pattern matching one path segment per parameter. */
  static pattern(route: string): RegExp {
    const parts = route.split(/\{[^/}]+\}|:[^/]+/).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('[^/]+')}$`);
  }

  update(document: { paths?: Record<string, Record<string, unknown>> }) {
    const reads = Object.entries(document.paths ?? {}).filter(([, operations]) => 'get' in operations).map(([path]) => path);
    this.patterns = [API_DOCS.command, ...reads].map(CommandApiReads.pattern);
  }

  has(path: string): boolean {
    return this.patterns.some((pattern) => pattern.test(path));
  }

  /** Which service answers this call: every write, and the command API's own GETs, go to the command API. */
  upstreamOf(method: string, path: string): Upstream {
    return WRITES.includes(method) || this.has(path) ? 'command' : 'query';
  }
}

/**
 * The gateway's own calls name the site, as the calls it forwards do: the command API answers no other name
 * (it believes the gateway's X-Forwarded-Host, TRUST_PROXY naming the gateway).
 */
async function fetchCommandDocument(commandApiUrl: string, site: SiteAddresses) {
  const response = await fetch(new URL(API_DOCS.command, commandApiUrl), { signal: AbortSignal.timeout(5000), headers: { 'x-forwarded-host': site.primaryHost } });
  if (!response.ok) throw new Error(`${API_DOCS.command} answered ${response.status}`);
  return (await response.json()) as { paths?: Record<string, Record<string, unknown>> };
}

async function health(url: string): Promise<'up' | 'down'> {
  try {
    const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(2000) });
    return response.ok ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

const unavailable = new HttpProblem(503, 'SERVICE_UNAVAILABLE', {
  fr: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  en: 'The service is temporarily unavailable. Please try again in a moment.',
}, { retryAfterSeconds: 5 });

/**
 * The web/gateway service of the distributed mode: serves the built web app (with the single-page fallback
 * and the Content-Security-Policy of the embedded server) and forwards each `/api` call to the service that
 * answers it, with the caller's cookies, position headers and address.
 */
export async function createGateway(options: GatewayOptions) {
  const log = options.log ?? console.log;
  const site = siteAddresses(options.publicUrl);
  const reads = new CommandApiReads();
  const upstreams: Record<Upstream, string> = { command: new URL(options.commandApiUrl).origin, query: new URL(options.queryApiUrl).origin };

  const deadline = Date.now() + (options.startupTimeoutMs ?? 60_000);
  for (let attempt = 0; ; attempt += 1) {
    try {
      reads.update(await fetchCommandDocument(options.commandApiUrl, site));
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the command API at ${options.commandApiUrl} did not publish its routes: ${(error as Error).message}`, { cause: error });
      if (attempt % 10 === 0) log(`Waiting for the command API at ${options.commandApiUrl}...`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const refreshMs = options.refreshMs ?? 60_000;
  const refresh = refreshMs > 0
    ? setInterval(() => {
      fetchCommandDocument(options.commandApiUrl, site).then((document) => reads.update(document), () => {});
    }, refreshMs)
    : null;
  refresh?.unref();

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const origin = upstreams[reads.upstreamOf(request.method, path)];
    const target = new URL(request.url, origin);
    // A path such as `//elsewhere/...` must not choose another host.
    if (target.origin !== origin) return sendProblem(reply, languageOf(request), new HttpProblem(400, 'BAD_REQUEST', { fr: 'Adresse invalide.', en: 'Invalid address.' }));
    return reply.from(target.href, {
      rewriteRequestHeaders: (_request, headers) => ({
        ...headers,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
      }),
      // A 503 of the query API (projection lagging) is the caller's to retry, after its Retry-After.
      retryDelay: () => null,
      onError: (errorReply, { error }) => {
        request.log.warn({ err: error, upstream: origin }, 'upstream unreachable');
        void sendProblem(errorReply as unknown as FastifyReply, languageOf(request), unavailable);
      },
    });
  };

  const app: FastifyInstance = await createHttpServer({
    logger: options.logger,
    webDist: options.webDist,
    trustProxy: options.trustProxy ?? false,
    hsts: options.hsts ?? false,
    timeouts: options.timeouts,
    site,
    registerApis: async (root) => {
      // A container's probe asks by whatever name it knows the gateway under; the answer names nobody.
      root.get('/health', { config: { anyHost: true } }, async (_request, reply) => {
        const [command, query] = await Promise.all([health(options.commandApiUrl), health(options.queryApiUrl)]);
        const ready = command === 'up' && query === 'up';
        return reply.status(ready ? 200 : 503).header('Cache-Control', 'no-store').send({ status: ready ? 'ok' : 'degraded', upstreams: { command, query } });
      });
      await registerApiDocsPage(root);
      await root.register(async (scope) => {
        // Bodies go through untouched (a payment provider's webhook signs the exact bytes).
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
        await scope.register(fastifyReplyFrom, { undici: { connections: 64, headersTimeout: 30_000, bodyTimeout: 30_000 } });
        scope.route({ method: ['GET', ...WRITES], url: '/api/*', handler: forward });
        // Served where the web app is, answered by the query API (it knows the upcoming courses).
        for (const url of ['/robots.txt', '/sitemap.xml']) scope.route({ method: 'GET', url, handler: forward });
      });
    },
  });
  app.addHook('onClose', async () => {
    if (refresh) clearInterval(refresh);
  });
  return { app, reads };
}
