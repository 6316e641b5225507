// `npm test`: installs what is missing, checks types and lint, builds, runs every test (Vitest, then the
// browser tests in Chromium), and ends with one line `N passed, N failed` summed over every runner.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from './build.mjs';
import { ensureChromium, ensureDependencies, log, root, run, runOrExit } from './lib.mjs';

const started = Date.now();
await ensureDependencies();
await ensureChromium();

log('Type-checking (TypeScript 7)...');
const tsc = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
await runOrExit(process.execPath, [tsc, '-p', 'tsconfig.json']);
await runOrExit(process.execPath, [tsc, '-p', 'web/tsconfig.json']);
log('Linting (ESLint)...');
await runOrExit(process.execPath, [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.', '--max-warnings=0']);

await build();

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const vitestReport = join(results, 'vitest.json');
const playwrightReport = join(results, 'playwright.json');

log('Unit and integration tests (Vitest)...');
const vitestCode = await run(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);

log('Browser tests (Playwright in Chromium)...');
const playwrightCode = await run(process.execPath, [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
    if (v.numFailedTestSuites > 0 && v.numFailedTests === 0) failed += v.numFailedTestSuites;
  } else failed += 1;
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats;
    passed += p.expected + p.flaky;
    failed += p.unexpected;
    skipped += p.skipped;
    if ((JSON.parse(readFileSync(playwrightReport, 'utf8')).errors ?? []).length > 0 && p.unexpected === 0) failed += 1;
  } else failed += 1;
  return { passed, failed, skipped };
}

const { passed, failed, skipped } = counts();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nTests finished in ${seconds} s (results in test-results/).`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestCode !== 0 || playwrightCode !== 0 || failed > 0 ? 1 : 0);
