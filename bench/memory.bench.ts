import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { fmt, log, report, residentBytes } from './support/report';
import { bookThroughDomain, inParallel, seedCentres, seedCourses, seedLearners } from './support/world';

/**
 * Resident memory and start-up of the embedded platform (`dist/platform/embedded.mjs`, what `npm start` runs) on a
 * log of 5,000 upcoming courses and 100,000 bookings, all made through the domain, having served a few searches;
 * against the same platform started on an empty directory with its demo data.
 *
 * The log is written through the domain alone, as no running platform would write it: its reactors (mail, refunds,
 * timers) have never seen it. So the platform is started on it twice. The first start is that of a platform put on
 * a log it never handled: its reactors handle all of it once, and it is reported apart. The second is what the goal
 * is about, a restart: the read models are replayed, and the reactors resume from their checkpoints.
 *
 * The log is written under /dev/shm when there is one: 200,000 appends at the disk's fsync rate would take
 * a quarter of an hour, and memory does not depend on where the file is.
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 5000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const PLACES = 20;
const LEARNERS = Math.max(PLACES, Math.ceil(BOOKINGS / COURSES) * 10);
const root = process.cwd();
const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the embedded platform on `dataDir`; resolves once it listens. */
async function startEmbedded(dataDir: string): Promise<{ child: ChildProcess; origin: string; startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist', 'platform', 'embedded.mjs')], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the platform did not start in 5 minutes: ${out}`)), 300_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code}: ${out}`)));
  });
  child.removeAllListeners('exit');
  return { child, origin: `http://127.0.0.1:${port}`, startMs: performance.now() - started };
}

/** Resident memory after start and a few searches of every kind; the platform is stopped afterwards. */
async function measure(dataDir: string) {
  const { child, origin, startMs } = await startEmbedded(dataDir);
  try {
    const afterStart = await residentBytes(child.pid!);
    for (const query of ['', '?department=83', '?department=13&maxPrice=250', '?location=Toulon&maxDistance=50', '?weekend=true']) {
      for (let i = 0; i < 10; i += 1) {
        const response = await fetch(`${origin}/api/courses/search${query}`);
        if (response.status !== 200) throw new Error(`search${query} answered ${response.status}`);
        await response.arrayBuffer();
      }
    }
    const afterSearches = await residentBytes(child.pid!);
    return { startMs, rss: Math.max(afterStart.rss, afterSearches.rss), peak: afterSearches.peak };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const emptyDir = mkdtempSync(join(scratch, 'recup-bench-empty-'));
const fullDir = mkdtempSync(join(scratch, 'recup-bench-memory-'));
try {
  const baseline = await measure(emptyDir);
  log(`  empty platform (demo data): ${fmt(baseline.rss / 2 ** 20)} MiB resident, peak ${fmt(baseline.peak / 2 ** 20)} MiB, started in ${fmt(baseline.startMs)} ms`);

  let started = performance.now();
  const adapters = openEmbeddedAdapters({ dataDir: fullDir }, { mailLog: () => {} });
  const deps = { eventStore: adapters.eventStore, payments: adapters.testGateway, clock: adapters.clock };
  const courses = await seedCourses(deps, await seedCentres(deps), COURSES, { totalSpots: () => PLACES });
  const learners = await seedLearners(deps, LEARNERS);
  log(`  seeded ${fmt(courses.length)} courses and ${fmt(learners.length)} learners through the domain in ${fmt((performance.now() - started) / 1000, 1)} s`);
  started = performance.now();
  // Course c is booked by PLACES different learners: BOOKINGS bookings, every one accepted.
  const bookings = Array.from({ length: BOOKINGS }, (_, i) => ({ course: courses[Math.floor(i / PLACES) % courses.length]!, learner: learners[(Math.floor(i / PLACES) * 7 + (i % PLACES)) % learners.length]! }));
  await inParallel(bookings, 32, async ({ course, learner }, i) => {
    await bookThroughDomain(deps, learner.id, course.id);
    if ((i + 1) % 20_000 === 0) log(`    ${fmt(i + 1)} bookings...`);
  });
  const events = await adapters.eventStore.headPosition();
  await adapters.close();
  log(`  ${fmt(BOOKINGS)} bookings placed through the domain in ${fmt((performance.now() - started) / 1000, 1)} s; ${fmt(events)} events in the log`);

  const first = await measure(fullDir);
  log(`  first start on that log (its reactors handle every event once): ${fmt(first.rss / 2 ** 20)} MiB resident, peak ${fmt(first.peak / 2 ** 20)} MiB, started in ${fmt(first.startMs / 1000, 1)} s`);
  const full = await measure(fullDir);
  log(`  restarted with ${fmt(COURSES)} courses and ${fmt(BOOKINGS)} bookings: ${fmt(full.rss / 2 ** 20)} MiB resident, peak ${fmt(full.peak / 2 ** 20)} MiB, started (read models replayed, reactors resumed) in ${fmt(full.startMs / 1000, 1)} s`);
  report({
    key: 'memory.rss', label: `embedded platform resident memory, ${fmt(COURSES)} courses and ${fmt(BOOKINGS)} bookings (${fmt(events)} events), restarted`,
    value: full.rss / 1e6, unit: 'MB',
    baseline: { label: 'the same platform with its demo data', value: baseline.rss / 1e6 },
    goal: { on: 'value', max: 500, text: '< 500 MB' },
  });
  report({
    key: 'memory.startSeconds', label: 'start-up of that platform (a restart: log replayed into the read models, reactors resumed from their checkpoints)', value: full.startMs / 1000, unit: 's',
    baseline: { label: 'start-up with the demo data', value: baseline.startMs / 1000 },
    goal: { on: 'value', max: 10, text: '≤ 10 s' },
  });
  report({
    key: 'memory.firstStartSeconds', label: 'first start on that log (written without the platform, so its reactors handle every event once)', value: first.startMs / 1000, unit: 's',
    baseline: { label: 'the restart', value: full.startMs / 1000 },
  });
  report({
    key: 'memory.firstStartRss', label: 'resident memory after that first start', value: first.rss / 1e6, unit: 'MB',
    baseline: { label: 'after the restart', value: full.rss / 1e6 },
  });
} finally {
  rmSync(emptyDir, { recursive: true, force: true });
  rmSync(fullDir, { recursive: true, force: true });
}
