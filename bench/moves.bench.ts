import type { Worker } from 'node:worker_threads';
import type { BookingLoadInput, BookingLoadOutput } from './support/booking-load';
import { bookingPlan, inWorker, readyWorker } from './support/load';
import type { MoveLoadInput, MoveLoadOutput } from './support/move-load';
import { signIn, startBenchPlatform } from './support/platform';
import { profiled } from './support/profile';
import { mainThreadCpuMs } from './support/thread-cpu';
import { fmt, log, percentile, report } from './support/report';
import { BENCH_PASSWORD, inParallel, seedCentres, seedCourses, seedLearners, type SeededCourse } from './support/world';

/**
 * Do moves and waiting-list offers slow bookings down (issue 19)? The booking load of `booking.bench` (every learner at
 * once, each booking its courses one after the other), on courses of its own each time: a warm-up run, then alone,
 * with moves and offers beside it, alone, with them, alone (interleaved: the log grows and the machine drifts over the
 * runs, and a single pair of runs differs by a fifth from noise alone). Beside it, one move for every fifty booking
 * commands and one place freed and offered to the next in line for every hundred (paced on the warm-up's rate, and no
 * more than that share of the run's commands however long it takes). The
 * figure is the mean rate with them over the mean rate alone. Every run must place exactly min(demand, places) on
 * each course; every move and every offer must leave its courses' places exact.
 */
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1000);
const PER_LEARNER = Number(process.env.BENCH_BOOKINGS_PER_LEARNER ?? 8);
const PLACES = 20;
const COURSES_PER_RUN = Math.round((LEARNERS * PER_LEARNER) / PLACES);
/**
 * The mix: one move for this many booking commands, one freed place offered for this many. A rush of bookings is
 * when learners book, not when they move: a move or an offer concerns a booking made days before. One move for fifty
 * booking commands is already more than the trade sees (a few moves for a hundred bookings, over weeks).
 */
const BOOKINGS_PER_MOVE = Number(process.env.BENCH_BOOKINGS_PER_MOVE ?? 50);
const BOOKINGS_PER_OFFER = Number(process.env.BENCH_BOOKINGS_PER_OFFER ?? 100);
/** Learners who move, once each, ten per pair of courses at the same price (so no money moves, and places never run out). */
const MOVERS = Number(process.env.BENCH_MOVERS ?? 400);
const MOVERS_PER_PAIR = 10;
/** Full courses of two places, each with two paid bookings to cancel and two learners in line. */
const FULL_COURSES = Number(process.env.BENCH_FULL_COURSES ?? 100);
const WRITE = { 'x-requested-with': 'recup-points' };

const platform = await startBenchPlatform();
try {
  const origin = platform.origin;
  const post = async (cookie: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { ...WRITE, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : {}) as Record<string, string>;
  };
  const bookAndPay = async (cookie: string, courseId: string) => {
    const { id } = await post(cookie, '/api/bookings', { courseId, earlyStartRequested: true });
    const intent = await post(cookie, `/api/bookings/${id}/create-payment-intent`);
    await post(cookie, `/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Bench', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' });
    await post(cookie, `/api/bookings/${id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    return id!;
  };
  const signInAll = async (learners: Array<{ email: string }>) => {
    const cookies = new Array<string>(learners.length);
    await inParallel(learners, 8, async (learner, i) => {
      cookies[i] = await signIn(origin, learner.email, BENCH_PASSWORD);
    });
    return cookies;
  };

  let started = performance.now();
  const centres = await seedCentres(platform.deps);
  const PLAN = ['warm-up', 'alone', 'with moves and offers', 'alone', 'with moves and offers', 'alone'] as const;
  const runs = await Promise.all(PLAN.map(() => seedCourses(platform.deps, centres, COURSES_PER_RUN, { totalSpots: () => PLACES })));
  // Pairs of courses at the same price (the seeded prices repeat every twelve courses).
  const pairCount = Math.ceil(MOVERS / MOVERS_PER_PAIR);
  const byPrice = new Map<number, SeededCourse[]>();
  for (const course of await seedCourses(platform.deps, centres, pairCount * 2 + 24, { totalSpots: () => PLACES })) byPrice.set(course.price, [...(byPrice.get(course.price) ?? []), course]);
  const pairs = [...byPrice.values()].flatMap((same) => Array.from({ length: Math.floor(same.length / 2) }, (_, k) => [same[2 * k]!, same[2 * k + 1]!] as [SeededCourse, SeededCourse])).slice(0, pairCount);
  if (pairs.length < pairCount) throw new Error(`${pairs.length} pairs of courses at one price, ${pairCount} needed`);
  const fullCourses = await seedCourses(platform.deps, centres, FULL_COURSES, { totalSpots: () => 2 });
  const bookers = await seedLearners(platform.deps, LEARNERS, 'booker');
  const movers = await seedLearners(platform.deps, MOVERS, 'mover');
  const fillers = await seedLearners(platform.deps, FULL_COURSES * 2, 'filler');
  const waiters = await seedLearners(platform.deps, FULL_COURSES * 2, 'waiter');
  await platform.caughtUp();
  log(`  seeded ${fmt(PLAN.length * COURSES_PER_RUN)} courses of ${PLACES} places (${PLAN.length} runs), ${fmt(pairCount)} pairs of courses at one price, ${fmt(FULL_COURSES)} courses of 2 places, ${fmt(LEARNERS + MOVERS + FULL_COURSES * 4)} learners in ${fmt((performance.now() - started) / 1000, 1)} s`);

  started = performance.now();
  const bookerCookies = await signInAll(bookers);
  const moverCookies = await signInAll(movers);
  const fillerCookies = await signInAll(fillers);
  const waiterCookies = await signInAll(waiters);
  // The movers' confirmed bookings, on the first course of their pair.
  const moverBookings = new Array<string>(MOVERS);
  await inParallel(movers, 8, async (_, i) => {
    moverBookings[i] = await bookAndPay(moverCookies[i]!, pairs[Math.floor(i / MOVERS_PER_PAIR)]![0].id);
  });
  // Each full course: two paid bookings, then two learners in line, in this order.
  const fillerBookings = new Array<string>(FULL_COURSES * 2);
  await inParallel(fullCourses, 8, async (course, c) => {
    for (const k of [0, 1]) fillerBookings[c * 2 + k] = await bookAndPay(fillerCookies[c * 2 + k]!, course.id);
    for (const k of [0, 1]) await post(waiterCookies[c * 2 + k]!, `/api/courses/${course.id}/waiting-list`);
  });
  await platform.background.idle();
  await platform.caughtUp();
  log(`  signed in, ${fmt(MOVERS)} bookings paid to move, ${fmt(FULL_COURSES * 2)} paid on full courses with ${fmt(FULL_COURSES * 2)} learners in line, in ${fmt((performance.now() - started) / 1000, 1)} s`);

  const problems: string[] = [];

  /** The booking load on one run's courses; checks that each course holds exactly min(demand, places). */
  const bookingRun = async (name: string, courses: SeededCourse[], seed: number, beside?: (worker: Worker) => void) => {
    const { learners: plan, demand } = bookingPlan(bookerCookies, courses, PER_LEARNER, seed);
    const cpuBefore = mainThreadCpuMs();
    const processCpu = process.cpuUsage();
    const output = await profiled(`${name}-${seed}`, () => inWorker<BookingLoadInput, BookingLoadOutput>('./booking-load.mjs', { origin, learners: plan, probeEvery: 1_000_000 }, beside));
    const cpuAfter = mainThreadCpuMs();
    const used = process.cpuUsage(processCpu);
    const processCpuMs = (used.user + used.system) / 1000;
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    const rate = (output.outcomes.length * 1000) / output.elapsedMs;
    const booked = new Map<string, number>();
    let refused = 0;
    for (const outcome of output.outcomes) {
      if (outcome.status === 201) booked.set(outcome.courseId, (booked.get(outcome.courseId) ?? 0) + 1);
      else if (outcome.status === 409) refused += 1;
      else problems.push(`${name}: a booking answered ${outcome.status}`);
    }
    return {
      rate,
      output,
      cpuMs,
      async check() {
        for (const course of courses) {
          const expected = Math.min(demand.get(course.id) ?? 0, PLACES);
          const view = (await (await fetch(`${origin}/api/courses/${course.id}`)).json()) as { spotsLeft: number };
          if ((booked.get(course.id) ?? 0) !== expected || view.spotsLeft !== PLACES - expected) {
            problems.push(`${name}, course ${course.id}: demand ${demand.get(course.id) ?? 0}, ${booked.get(course.id) ?? 0} answered 201, ${PLACES - view.spotsLeft} taken in the read model; ${expected} expected`);
          }
        }
        log(`  ${name}: ${fmt(output.outcomes.length)} booking commands in ${fmt(output.elapsedMs / 1000, 1)} s, ${fmt(rate)} commands/s (${fmt(output.outcomes.length - refused)} booked, ${fmt(refused)} refused on a full course)${cpuMs === null ? '' : `; the platform's thread busy ${fmt(cpuMs / 1000, 1)} s, the other threads (the log's writer, the load) ${fmt((processCpuMs - cpuMs) / 1000, 1)} s`}`);
      },
    };
  };

  const warm = await bookingRun('warm-up', runs[0]!, 20);
  const movesPerSecond = warm.rate / BOOKINGS_PER_MOVE;
  const offersPerSecond = warm.rate / BOOKINGS_PER_OFFER;
  // Each run with moves and offers has its own half of the movers and of the full courses.
  const mixedRuns = PLAN.filter((name) => name === 'with moves and offers').length;
  const share = <T,>(items: T[], k: number) => items.slice(Math.floor((items.length * k) / mixedRuns), Math.floor((items.length * (k + 1)) / mixedRuns));
  const moverInputs = movers.map((_, i) => ({ cookie: moverCookies[i]!, bookingId: moverBookings[i]!, from: pairs[Math.floor(i / MOVERS_PER_PAIR)]![0].id, to: pairs[Math.floor(i / MOVERS_PER_PAIR)]![1].id }));
  const fullInputs = fullCourses.map((course, c) => ({
    courseId: course.id,
    flows: [0, 1].map((k) => ({ filler: { cookie: fillerCookies[c * 2 + k]!, bookingId: fillerBookings[c * 2 + k]! }, waiter: { cookie: waiterCookies[c * 2 + k]! } })),
  }));
  const results: Array<{ name: string; run: Awaited<ReturnType<typeof bookingRun>>; moved?: MoveLoadOutput }> = [{ name: 'warm-up', run: warm }];
  for (let r = 1; r < PLAN.length; r += 1) {
    const name = PLAN[r]!;
    if (name === 'alone') {
      results.push({ name, run: await bookingRun(name, runs[r]!, 20 + r) });
    } else {
      const k = results.filter((result) => result.moved).length;
      const commands = LEARNERS * PER_LEARNER;
      const input: MoveLoadInput = {
        origin, movesPerSecond, offersPerSecond, maxMoves: Math.round(commands / BOOKINGS_PER_MOVE), maxOffers: Math.round(commands / BOOKINGS_PER_OFFER),
        movers: share(moverInputs, k), fullCourses: share(fullInputs, k),
      };
      // The moves and offers start with the booking load and stop when it ends (their thread started before it).
      const moveWorker = await readyWorker<MoveLoadInput, MoveLoadOutput>('./move-load.mjs', input);
      const run = await bookingRun(name, runs[r]!, 20 + r, () => moveWorker.worker.postMessage('go'));
      moveWorker.worker.postMessage('stop');
      results.push({ name, run, moved: await moveWorker.output });
    }
    await platform.background.idle();
    await platform.caughtUp();
  }
  for (const { run } of results) await run.check();
  const alone = results.filter((result) => result.name === 'alone').map((result) => result.run);
  const mixedResults = results.filter((result) => result.moved);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const mixed = { rate: mean(mixedResults.map((result) => result.run.rate)), elapsedMs: mixedResults.reduce((sum, result) => sum + result.run.output.elapsedMs, 0) };
  const moved: MoveLoadOutput = mixedResults.map((result) => result.moved!).reduce((all, one) => ({
    ...all, elapsedMs: all.elapsedMs + one.elapsedMs, moves: all.moves + one.moves, cancels: all.cancels + one.cancels, offersSeen: all.offersSeen + one.offersSeen, offersBooked: all.offersBooked + one.offersBooked,
    moveRefusals: { ...all.moveRefusals, ...Object.fromEntries(Object.entries(one.moveRefusals).map(([key, count]) => [key, count + (all.moveRefusals[key] ?? 0)])) },
    offerDelayMs: [...all.offerDelayMs, ...one.offerDelayMs], moveLatencyMs: [...all.moveLatencyMs, ...one.moveLatencyMs], cancelLatencyMs: [...all.cancelLatencyMs, ...one.cancelLatencyMs],
    offerBookingLatencyMs: [...all.offerBookingLatencyMs, ...one.offerBookingLatencyMs], missedMoves: all.missedMoves + one.missedMoves, missedOffers: all.missedOffers + one.missedOffers,
    failures: [...all.failures, ...one.failures], offerBookings: [...all.offerBookings, ...one.offerBookings], moverCourses: [...all.moverCourses, ...one.moverCourses],
  }));

  // The moves: each mover's booking is on the course its last move answered, and each course holds exactly those.
  const moveSeconds = moved.elapsedMs / 1000;
  log(`  beside it: ${fmt(moved.moves)} moves (${fmt(moved.moves / moveSeconds)}/s, paced at ${fmt(movesPerSecond)}/s, ${fmt(moved.missedMoves)} missed: no mover left), latency p50 ${fmt(percentile(moved.moveLatencyMs, 50))} ms, p99 ${fmt(percentile(moved.moveLatencyMs, 99))} ms; refused: ${JSON.stringify(moved.moveRefusals)}`);
  log(`  cancellation latency p50 ${fmt(percentile(moved.cancelLatencyMs, 50))} ms, p99 ${fmt(percentile(moved.cancelLatencyMs, 99))} ms; booking through the offer p50 ${fmt(percentile(moved.offerBookingLatencyMs, 50))} ms; ${fmt(moved.missedOffers)} offers missed: every full course busy or done`);
  log(`  ${fmt(moved.cancels)} paid bookings cancelled on full courses, ${fmt(moved.offersSeen)} offers seen by the next in line (${fmt(moved.offersSeen / moveSeconds)}/s, paced at ${fmt(offersPerSecond)}/s) after p50 ${fmt(percentile(moved.offerDelayMs, 50))} ms, p99 ${fmt(percentile(moved.offerDelayMs, 99))} ms; ${fmt(moved.offersBooked)} booked through the offer`);
  for (const failure of moved.failures.slice(0, 5)) problems.push(`moves and offers: ${failure}`);
  if (moved.moves === 0 || moved.offersBooked === 0) problems.push(`moves and offers: ${moved.moves} moves and ${moved.offersBooked} offers booked, none measured`);
  const onCourse = new Map<string, number>();
  for (const { courseId } of moved.moverCourses) onCourse.set(courseId, (onCourse.get(courseId) ?? 0) + 1);
  for (const course of pairs.flat()) {
    const view = (await (await fetch(`${origin}/api/courses/${course.id}`)).json()) as { spotsLeft: number };
    if (PLACES - view.spotsLeft !== (onCourse.get(course.id) ?? 0)) problems.push(`moves: course ${course.id} has ${PLACES - view.spotsLeft} places taken, ${onCourse.get(course.id) ?? 0} bookings moved onto it`);
  }
  await inParallel(movers, 8, async (_, i) => {
    const mine = (await (await fetch(`${origin}/api/user/bookings`, { headers: { cookie: moverCookies[i]! } })).json()) as Array<{ id: string; status: string; course: { id: string } }>;
    const booking = mine.find((b) => b.id === moverBookings[i]);
    if (booking?.status !== 'CONFIRMED' || booking.course.id !== moved.moverCourses[i]!.courseId) problems.push(`moves: booking ${moverBookings[i]} is ${booking?.status} on ${booking?.course.id}, ${moved.moverCourses[i]!.courseId} expected`);
  });
  // The full courses: a place cancelled and booked again through the offer is taken once, never twice, never lost.
  for (const course of fullCourses) {
    const view = (await (await fetch(`${origin}/api/courses/${course.id}`)).json()) as { spotsLeft: number };
    if (view.spotsLeft !== 0) problems.push(`offers: course ${course.id} shows ${view.spotsLeft} places left, 0 expected (every freed place booked through its offer)`);
  }
  if (moved.cancels !== moved.offersBooked) problems.push(`offers: ${moved.cancels} places freed, ${moved.offersBooked} booked through their offer`);

  if (problems.length > 0) {
    for (const problem of problems.slice(0, 10)) log(`  ✗ ${problem}`);
    throw new Error(`${problems.length} checks failed: places or moves are not exact`);
  }
  log('  ✓ every course holds exactly min(demand, places); every moved booking is on its last course; every freed place was booked once, through its offer');

  const baseline = mean(alone.map((run) => run.rate));
  report({
    key: 'moves.bookingRate', label: `booking commands with moves and offers beside them (${fmt(moved.moves)} moves, ${fmt(moved.offersBooked)} offers booked)`,
    value: mixed.rate, unit: 'commands/s',
    baseline: { label: `the same load alone, mean of ${alone.length} runs around them (${alone.map((run) => fmt(run.rate)).join(', ')}; with them: ${mixedResults.map((result) => fmt(result.run.rate)).join(', ')})`, value: baseline },
    goal: { on: 'ratio', min: 0.9, text: '≥ 90 % of the rate alone' },
  });
  const cpuOf = (runs: Array<{ cpuMs: number | null }>) => (runs.every((run) => run.cpuMs !== null) ? mean(runs.map((run) => run.cpuMs!)) : null);
  const [cpuAlone, cpuMixed] = [cpuOf(alone), cpuOf(mixedResults.map((result) => result.run))];
  if (cpuAlone !== null && cpuMixed !== null) {
    // The work asked of the platform's thread, which a loaded machine hardly changes (a rate it does): the rate's ratio
    // on a machine where that thread is the bottleneck.
    report({
      key: 'moves.threadCpu', label: `the platform's thread busy during a run with moves and offers beside it (CPU time, mean of ${mixedResults.length})`, value: cpuMixed / 1000, unit: 's',
      baseline: { label: `the same run alone (mean of ${alone.length}: ${alone.map((run) => fmt(run.cpuMs! / 1000, 1)).join(', ')} s)`, value: cpuAlone / 1000 },
    });
  }
  report({
    key: 'moves.offerDelayP99', label: 'a place freed → its offer seen by the next in line, p99 (under the booking load)', value: percentile(moved.offerDelayMs, 99), unit: 'ms',
  });
} finally {
  await platform.close();
}
