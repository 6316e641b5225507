// Builds the web app (Vite) and bundles the embedded server (esbuild), unless nothing changed since the last build.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDependencies, log, root, runOrExit, sourceFingerprint } from './lib.mjs';
import { precompressDirectory } from './precompress.mjs';

export const SERVER_BUNDLE = join(root, 'dist', 'platform', 'embedded.mjs');
const STAMP = join(root, 'dist', '.build-stamp');
/** Every bundled program: `dist/<out>.mjs` from its TypeScript entry point. */
export const ENTRY_POINTS = [
  { in: join(root, 'platform', 'embedded.ts'), out: 'platform/embedded' },
  // Operator commands: `npm run projections`, `npm run history` (scripts/cli.mjs).
  { in: join(root, 'platform', 'cli', 'projections.ts'), out: 'platform/projections' },
  { in: join(root, 'platform', 'cli', 'history.ts'), out: 'platform/history' },
  // The distributed mode's services (docker-compose.yml): dist/platform/services/<name>.mjs.
  ...['command-api', 'query-api', 'projector', 'gateway'].map((service) => ({ in: join(root, 'platform', 'services', 'main', `${service}.ts`), out: `platform/services/${service}` })),
];

export async function build({ force = false } = {}) {
  const fingerprint = sourceFingerprint();
  if (!force && existsSync(STAMP) && existsSync(SERVER_BUNDLE) && existsSync(join(root, 'web', 'dist', 'index.html')) && existsSync(join(root, 'web', 'dist-ssr', 'entry-server.mjs')) && readFileSync(STAMP, 'utf8') === fingerprint) {
    log('Build is up to date.');
    return;
  }
  log('Building the web app (Vite)...');
  await runOrExit(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: join(root, 'web') });
  precompressDirectory(join(root, 'web', 'dist'));
  // The server rendering of the public pages (web/src/entry-server.tsx), loaded by the server beside web/dist.
  await runOrExit(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'error'], { cwd: join(root, 'web') });

  log('Bundling the server (esbuild)...');
  await bundle(ENTRY_POINTS);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(STAMP, fingerprint);
}

/** Bundles TypeScript entry points (some of ENTRY_POINTS, or others such as benchmarks) into dist/. */
export async function bundle(entryPoints) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints,
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Our workspaces are bundled from source; every installed package is loaded from node_modules.
    plugins: [{
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@recup/') ? undefined : { path: args.path, external: true }));
      },
    }],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureDependencies();
  await build({ force: parseArgs({ options: { force: { type: 'boolean' } }, strict: false }).values.force === true });
}
