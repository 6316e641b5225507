// `npm run test:reliability`: the long variant of the proof suite's crash test, 200 SIGKILLs (about 15 to 30
// minutes). CRASH_KILLS and CRASH_SEED change the number of kills and replay a run.
import { join } from 'node:path';
import { ensureDependencies, log, root, run } from './lib.mjs';

await ensureDependencies();
log(`Crash test: ${process.env.CRASH_KILLS ?? 200} kills...`);
const code = await run(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'platform/crash'], {
  env: { ...process.env, CRASH_KILLS: process.env.CRASH_KILLS ?? '200' },
});
process.exit(code);
