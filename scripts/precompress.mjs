// Brotli and gzip copies of the built web app's text files, made once at build time (best compression:
// the server then sends them with no work per request; @fastify/static picks one by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that they make smaller; returns how many files. */
export function precompressDirectory(dir) {
  let count = 0;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(path);
        continue;
      }
      if (!COMPRESSIBLE.has(extname(entry.name)) || statSync(path).size < MIN_BYTES) continue;
      const content = readFileSync(path);
      const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
      const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
      if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
      if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      count += 1;
    }
  };
  walk(dir);
  return count;
}
