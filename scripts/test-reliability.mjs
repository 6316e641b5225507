// `npm run test:reliability`: the long variants of the proof suites, which `npm test` runs short. Each suite
// reads RECUP_RELIABILITY=1 and takes its long budget (more inputs, more kills...). Add a suite: one line.
import { join } from 'node:path';
import { build } from './build.mjs';
import { ensureChromium, ensureDependencies, log, root, runOrExit } from './lib.mjs';

const SUITES = [
  // Every route, 5,000 generated inputs each and a new seed (FUZZ_RUNS, FUZZ_SEED to replay).
  'platform/fuzz/route-fuzz.int.spec.ts',
  // The crash test with 200 SIGKILLs instead of 20 (CRASH_KILLS, CRASH_SEED to replay).
  'platform/crash/crash.int.spec.ts',
];

// Browser suites whose long variant covers more (every language at every width for axe).
const BROWSER_SUITES = ['e2e/accessibility.e2e.spec.ts', 'e2e/training-centre.e2e.spec.ts', 'e2e/admin-accessibility.e2e.spec.ts'];

await ensureDependencies();
log(`Reliability suites, long variants: ${SUITES.join(', ')}`);
await runOrExit(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'server', ...SUITES], {
  env: { ...process.env, RECUP_RELIABILITY: '1' },
});

log(`Browser suites, long variants: ${BROWSER_SUITES.join(', ')}`);
await ensureChromium();
await build();
await runOrExit(process.execPath, [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list', ...BROWSER_SUITES], {
  env: { ...process.env, RECUP_RELIABILITY: '1' },
});
