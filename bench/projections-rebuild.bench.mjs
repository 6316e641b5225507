// `node bench/projections-rebuild.bench.mjs`: bundles bench/projections-rebuild.ts as the server is bundled
// (scripts/build.mjs) and runs it. BENCH_EVENTS sets the size of the log (default 100 000).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundle } from '../scripts/build.mjs';
import { ensureDependencies, root } from '../scripts/lib.mjs';

await ensureDependencies();
await bundle([{ in: join(root, 'bench', 'projections-rebuild.ts'), out: 'bench/projections-rebuild' }]);
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'bench', 'projections-rebuild.mjs')], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
