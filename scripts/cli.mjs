// `npm run projections -- ...` and `npm run history -- ...`: the operator commands of platform/cli. Makes
// sure dependencies are installed and the command's bundle is current, then runs it with the arguments.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ENTRY_POINTS } from './build.mjs';
import { ensureDependencies, root, sourceFingerprint } from './lib.mjs';

const COMMANDS = ['projections', 'history'];
const [name, ...args] = process.argv.slice(2);
const entry = COMMANDS.includes(name) ? ENTRY_POINTS.find((e) => e.out === `platform/${name}`) : undefined;
if (!entry) {
  console.error(`Usage: node scripts/cli.mjs <${COMMANDS.join('|')}> [arguments]`);
  process.exit(2);
}

await ensureDependencies();
const program = join(root, 'dist', `${entry.out}.mjs`);
const stamp = join(root, 'dist', `.cli-stamp-${name}`);
const fingerprint = sourceFingerprint();
if (!existsSync(program) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint) {
  // Only this command's bundle: the web app is not needed here, and esbuild takes a second.
  process.stderr.write(`\x1b[36m▸\x1b[0m Bundling ${entry.out}.mjs (esbuild)...\n`);
  await bundle([entry]);
  writeFileSync(stamp, fingerprint);
}

const child = spawn(process.execPath, ['--enable-source-maps', program, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
