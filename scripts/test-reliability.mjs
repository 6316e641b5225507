// `npm run test:reliability`: the long variants of the proof suites, which `npm test` runs short. Each suite
// reads RECUP_RELIABILITY=1 and takes its long budget (more inputs, more kills...). Add a suite: one line.
import { join } from 'node:path';
import { ensureDependencies, log, root, runOrExit } from './lib.mjs';

const SUITES = [
  // Every route, ten minutes of generated input (FUZZ_BUDGET_MS, FUZZ_SEED to replay).
  'platform/fuzz/route-fuzz.int.spec.ts',
];

await ensureDependencies();
log(`Reliability suites, long variants: ${SUITES.join(', ')}`);
await runOrExit(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'server', ...SUITES], {
  env: { ...process.env, RECUP_RELIABILITY: '1' },
});
