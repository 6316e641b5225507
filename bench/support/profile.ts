import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * With BENCH_PROFILE_DIR set, `work` runs under V8's CPU profiler (this thread: the platform's event loop) and its
 * profile is written there as `<name>.cpuprofile` (open it in Chrome's DevTools, or compare two of them). Without it,
 * `work` just runs: a profile slows the run down, so the figures of a profiled run are not to be recorded.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name.replace(/[^\w.-]+/g, '_')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
