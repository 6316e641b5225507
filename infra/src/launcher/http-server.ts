import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { languageOf } from '../http/language';
import { problems, sendProblem } from '../http/problem';
import { registerStaticFiles } from '../http/static-files';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface HttpServerOptions {
  /** Registers the APIs, each in its own encapsulated context. */
  registerApis: (app: FastifyInstance) => Promise<void>;
  /** The built web app (index.html and assets); absent in API-only tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Whose X-Forwarded-* headers to believe; every proxy by default (the services sit behind the gateway). */
  trustProxy?: FastifyServerOptions['trustProxy'];
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
    trustProxy: options.trustProxy ?? true,
  });
  await app.register(fastifyHelmet, {
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
    hsts: false,
  });
  // Every route, as registered: the route × role test walks them all.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', routes);
  await options.registerApis(app);

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) await registerStaticFiles(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendProblem(reply, languageOf(request), problems.routeNotFound(request.method, path));
    }
    // A missing asset is a real 404; any other page is the client router's to answer.
    if (path.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return app;
}
