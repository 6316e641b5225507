// `npm start`: installs what is missing, builds, and runs the whole platform on the embedded adapters.
import { spawn } from 'node:child_process';
import { build, SERVER_BUNDLE } from './build.mjs';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
await build();
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
