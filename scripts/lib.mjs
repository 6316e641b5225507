// Shared by the start, build and test scripts. Plain JavaScript: it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

/** Runs a command, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

function hashOf(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** Installs exactly what package-lock.json names, when node_modules does not match it yet. */
export async function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.recup-install-stamp');
  const wanted = hashOf(readFileSync(join(root, 'package-lock.json')), process.version);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('Installing dependencies (npm ci; the first time takes a few minutes: better-sqlite3 compiles from source)...');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
}

/** Debian's Chromium drives the browser tests; Playwright cannot download a browser here. */
export async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error('✗ The browser tests need Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.');
    process.exit(1);
  }
  log('Installing Chromium from Debian (apt-get install chromium)...');
  await runOrExit('apt-get', ['update', '-qq']);
  await runOrExit('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const SOURCE_ROOTS = ['shared-events/src', 'infra/src', 'command-api/src', 'projector/src', 'query-api/src', 'web/src', 'web/public', 'platform'];
const SOURCE_FILES = ['package-lock.json', 'web/index.html', 'web/vite.config.ts', 'scripts/build.mjs', 'scripts/precompress.mjs'];

/** A fingerprint of everything the build reads: paths, sizes and modification times. */
export function sourceFingerprint() {
  const entries = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.spec\.tsx?$/.test(entry.name)) {
        const s = statSync(path);
        entries.push(`${relative(root, path)}:${s.size}:${s.mtimeMs}`);
      }
    }
  };
  for (const dir of SOURCE_ROOTS) walk(join(root, dir));
  for (const file of SOURCE_FILES) {
    const path = join(root, file);
    if (existsSync(path)) entries.push(`${file}:${statSync(path).mtimeMs}`);
  }
  return hashOf(entries.sort().join('\n'));
}

/** A free TCP port on 127.0.0.1, found synchronously (for configuration files). */
export function freePortSync() {
  const result = spawnSync(process.execPath, ['-e', 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'], { encoding: 'utf8' });
  return Number(result.stdout.trim());
}
