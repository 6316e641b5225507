// `node bench/admin-bookings.bench.mjs`: bundles bench/admin-bookings.ts as the server is bundled (scripts/build.mjs)
// and runs it. BENCH_BOOKINGS sets the number of bookings (default 100 000).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundle } from '../scripts/build.mjs';
import { ensureDependencies, root } from '../scripts/lib.mjs';

await ensureDependencies();
await bundle([{ in: join(root, 'bench', 'admin-bookings.ts'), out: 'bench/admin-bookings' }]);
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'bench', 'admin-bookings.mjs')], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
