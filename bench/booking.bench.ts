import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { streams } from '@recup/shared-events';
import type { BookingLoadInput, BookingLoadOutput } from './support/booking-load';
import { bookingPlan, inWorker } from './support/load';
import { signIn, startBenchPlatform, watchProjectionLag } from './support/platform';
import { fmt, log, percentile, report } from './support/report';
import { BENCH_PASSWORD, inParallel, seedCentres, seedCourses, seedLearners } from './support/world';

/**
 * Bookings under load: 1,000 learners signed in at once, each booking its courses one after the other
 * through `POST /api/bookings`, against the event store's raw append rate measured in the same run (a
 * booking is two appends: the spot on the course stream, then the booking stream). Demand exceeds the
 * places of about half the courses: every course must end with exactly min(demand, places) bookings, in
 * the log and in the read model. Under the same load, the projection lag a learner sees.
 */
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1000);
const PER_LEARNER = Number(process.env.BENCH_BOOKINGS_PER_LEARNER ?? 8);
const COURSES = Math.round((LEARNERS * PER_LEARNER) / 20);
const PLACES = 20;

/**
 * The store's own limit for the booking pattern: as many writers as learners, each appending single events
 * to its own stream with the expected revision and waiting for each before the next, on the same disk
 * (`tmpdir()`, as the platform's data directory), with no HTTP, no decider, no read.
 */
async function rawAppendRate(events: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'recup-bench-raw-'));
  const store = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
  try {
    const metadata = { actor: { type: 'user' as const, userId: crypto.randomUUID(), role: 'USER' as const }, correlationId: crypto.randomUUID(), causationId: crypto.randomUUID(), occurredAt: new Date().toISOString() };
    const data = { courseId: crypto.randomUUID(), bookingId: crypto.randomUUID(), userId: crypto.randomUUID(), reservedAt: new Date().toISOString() };
    const perWriter = Math.ceil(events / LEARNERS);
    const started = performance.now();
    let appended = 0;
    // Bounded in count and in time (10 s), whichever comes first.
    await Promise.all(Array.from({ length: LEARNERS }, async (_, writer) => {
      for (let revision = 0; revision < perWriter && performance.now() - started < 10_000; revision += 1) {
        await store.appendToStream(`rawBench-${writer}`, [{ type: 'SpotReserved', data, metadata }], { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 });
        appended += 1;
      }
    }));
    return (appended * 1000) / (performance.now() - started);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const platform = await startBenchPlatform();
try {
  const rawRate = await rawAppendRate(Number(process.env.BENCH_RAW_EVENTS ?? 10_000));
  log(`  raw appends: ${fmt(rawRate)} events/s (${fmt(LEARNERS)} writers at once, single events with their expected revision)`);

  let started = performance.now();
  const centres = await seedCentres(platform.deps);
  const courses = await seedCourses(platform.deps, centres, COURSES, { totalSpots: () => PLACES });
  const learners = await seedLearners(platform.deps, LEARNERS);
  await platform.caughtUp();
  log(`  seeded ${fmt(courses.length)} courses of ${PLACES} places and ${fmt(learners.length)} learners through the domain in ${fmt((performance.now() - started) / 1000, 1)} s`);

  started = performance.now();
  const cookies = new Array<string>(learners.length);
  await inParallel(learners, 8, async (learner, i) => {
    cookies[i] = await signIn(platform.origin, learner.email, BENCH_PASSWORD);
  });
  log(`  ${fmt(learners.length)} learners signed in through the API in ${fmt((performance.now() - started) / 1000, 1)} s`);

  // Each learner books PER_LEARNER different courses, chosen at random.
  const { learners: plan, demand } = bookingPlan(cookies, courses, PER_LEARNER, 14);
  const lagWatch = watchProjectionLag(platform);
  const output = await inWorker<BookingLoadInput, BookingLoadOutput>('./booking-load.mjs', { origin: platform.origin, learners: plan, probeEvery: 10 });
  const inPlatformLag = lagWatch.stop();
  await platform.background.idle();
  await platform.caughtUp();

  // Exactly the places booked: per course, min(demand, places) answered 201, reserved in the log, taken in the read model.
  const booked = new Map<string, number>();
  const statuses = new Map<number, number>();
  for (const outcome of output.outcomes) {
    statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
    if (outcome.status === 201) booked.set(outcome.courseId, (booked.get(outcome.courseId) ?? 0) + 1);
  }
  const problems: string[] = [];
  const unexpected = [...statuses].filter(([status]) => status !== 201 && status !== 409);
  if (unexpected.length > 0) problems.push(`answers other than 201 and 409: ${JSON.stringify(Object.fromEntries(unexpected))}`);
  let reservedInLog = 0;
  for (const course of courses) {
    const expected = Math.min(demand.get(course.id) ?? 0, PLACES);
    const answered = booked.get(course.id) ?? 0;
    const events = await platform.adapters.eventStore.readStream(streams.course(course.id));
    const active = events.filter((e) => e.type === 'SpotReserved').length - events.filter((e) => e.type === 'SpotReleased').length;
    reservedInLog += active;
    const view = (await (await fetch(`${platform.origin}/api/courses/${course.id}`)).json()) as { spotsLeft: number };
    if (answered !== expected || active !== expected || view.spotsLeft !== PLACES - expected) {
      problems.push(`course ${course.id}: demand ${demand.get(course.id) ?? 0}, ${answered} answered 201, ${active} reserved in the log, ${PLACES - view.spotsLeft} taken in the read model; ${expected} expected`);
    }
  }
  if (output.probeFailures.length > 0) problems.push(`${output.probeFailures.length} lag probes failed, first: ${output.probeFailures[0]}`);
  const placed = statuses.get(201) ?? 0;
  log(`  ${fmt(output.outcomes.length)} commands in ${fmt(output.elapsedMs / 1000, 1)} s: ${fmt(placed)} booked (201), ${fmt(statuses.get(409) ?? 0)} refused on a full course (409); ${fmt(reservedInLog)} spots reserved in the log`);
  log(`  command latency p50 ${fmt(percentile(output.commandLatencyMs, 50))} ms, p99 ${fmt(percentile(output.commandLatencyMs, 99))} ms; ${output.lagMs.length} lag probes, waited for the projector p50 ${fmt(percentile(output.projectionWaitMs, 50), 1)} ms, p99 ${fmt(percentile(output.projectionWaitMs, 99), 1)} ms, most ${fmt(Math.max(0, ...output.projectionWaitMs), 1)} ms`);
  log(`  in the platform, an append committed → in the read models: p50 ${fmt(percentile(inPlatformLag, 50))} ms, p99 ${fmt(percentile(inPlatformLag, 99))} ms (${fmt(inPlatformLag.length)} appends)`);
  if (problems.length > 0) {
    for (const problem of problems.slice(0, 10)) log(`  ✗ ${problem}`);
    throw new Error(`${problems.length} checks failed: the places booked are not exact`);
  }
  log(`  ✓ every course holds exactly min(demand, ${PLACES}) bookings: answered, in the log and in the read model`);

  const commandsPerSecond = (output.outcomes.length * 1000) / output.elapsedMs;
  report({
    key: 'booking.commandsPerSecond', label: `booking commands, ${fmt(LEARNERS)} learners at once (${fmt(output.outcomes.length)} commands, ${fmt(placed)} booked, exact)`,
    value: commandsPerSecond, unit: 'commands/s',
    baseline: { label: 'raw append rate ÷ 2 (a booking is two appends)', value: rawRate / 2 },
    goal: { on: 'value', min: 1000, text: '≥ 1,000 commands/s' },
  });
  report({
    key: 'booking.lagP50', label: 'a learner\'s query right after the booking\'s answer, with X-Min-Position, p50 (booking answered → query answered: the server\'s queue included)', value: percentile(output.lagMs, 50), unit: 'ms',
    baseline: { label: 'same query without X-Min-Position, p50', value: percentile(output.plainQueryMs, 50) },
  });
  report({
    key: 'booking.lagP99', label: 'projection lag p99 a learner sees under the booking load (how long that query waited for the projector: its Server-Timing)', value: percentile(output.projectionWaitMs, 99), unit: 'ms',
    baseline: { label: 'that query answered, the server\'s queue included, p99', value: percentile(output.lagMs, 99) },
    goal: { on: 'value', max: 50, text: '≤ 50 ms' },
  });
  report({
    key: 'booking.inPlatformLagP99', label: 'projection lag p99 inside the platform under that load (an append committed → in the read models)', value: percentile(inPlatformLag, 99), unit: 'ms',
    baseline: { label: 'p50', value: percentile(inPlatformLag, 50) },
    goal: { on: 'value', max: 50, text: '≤ 50 ms' },
  });
} finally {
  await platform.close();
}
