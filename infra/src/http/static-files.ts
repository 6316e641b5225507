import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Vite emits under assets/ only files named after a hash of their content (`index-BnnrnP_P.js`): such a file
 * never changes (web/public, copied unhashed, has no assets/ folder).
 */
const HASHED_ASSET = /^assets\//;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a browser may keep a file of the built web app: a hashed asset for a year without asking again
 * (a new build names its files anew); anything else (index.html, the favicon) is checked on every use.
 */
function cacheControlOf(pathInRoot: string): string {
  const path = pathInRoot.split(sep).join('/').replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache';
}

/**
 * Serves the built web app (the embedded server and the gateway alike): each file as the brotli or gzip
 * copy made at build time (scripts/precompress.mjs) when the browser accepts it, with
 * `Vary: Accept-Encoding`, and the cache policy of `cacheControlOf`. The build's manifest (`.vite/`) is
 * not served.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !pathname.startsWith('/.vite/') && !pathname.startsWith('/.'),
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlOf(relative(root, path)));
    },
  });
}
