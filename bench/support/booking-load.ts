import { parentPort, workerData } from 'node:worker_threads';
import { call, url } from './http';

/**
 * The booking load, in a worker thread (its own event loop, on the other core): every learner at once, each
 * booking its courses one after the other with its own session, as fast as the server answers. After one
 * booking in `probeEvery`, the same learner's browser asks the query API for the course with
 * `X-Min-Position` set to the booking's position, without holding the next booking back. The time that query
 * waited for the projector (its `Server-Timing`) is the projection lag a learner sees; the time from the booking's
 * answer to that query's answer adds the server's queue, which the same query without the header measures.
 */
export interface BookingLoadInput {
  origin: string;
  learners: { cookie: string; courseIds: string[] }[];
  probeEvery: number;
}

interface BookingOutcome {
  courseId: string;
  status: number;
  position: number;
}

export interface BookingLoadOutput {
  elapsedMs: number;
  outcomes: BookingOutcome[];
  /** Per probe: ms from the booking's answer to the query's answer, with and without X-Min-Position. */
  lagMs: number[];
  /** Per probe: ms the query with X-Min-Position waited for the projector, as its Server-Timing says. */
  projectionWaitMs: number[];
  plainQueryMs: number[];
  probeFailures: string[];
  commandLatencyMs: number[];
}

async function run(input: BookingLoadInput): Promise<BookingLoadOutput> {
  const outcomes: BookingOutcome[] = [];
  const lagMs: number[] = [];
  const projectionWaitMs: number[] = [];
  const plainQueryMs: number[] = [];
  const probeFailures: string[] = [];
  const commandLatencyMs: number[] = [];
  const probes: Promise<void>[] = [];
  let bookings = 0;

  const probe = async (cookie: string, courseId: string, position: number) => {
    const acknowledged = performance.now();
    const [waited, plain] = await Promise.all([
      call('GET', url(input.origin, `/api/courses/${courseId}`), { cookie, 'x-min-position': String(position) }),
      call('GET', url(input.origin, `/api/courses/${courseId}`), { cookie }),
    ].map(async (pending) => ({ response: await pending, at: performance.now() })));
    if (waited!.response.status !== 200) probeFailures.push(`${waited!.response.status} ${waited!.response.body.slice(0, 200)}`);
    else if (Number(waited!.response.headers['x-projection-position'] ?? 0) < position) probeFailures.push(`answered at projection ${String(waited!.response.headers['x-projection-position'])} < ${position}`);
    const wait = /projection;dur=([\d.]+)/.exec(String(waited!.response.headers['server-timing'] ?? ''));
    if (waited!.response.status === 200 && !wait) probeFailures.push(`no Server-Timing for the projection: ${String(waited!.response.headers['server-timing'])}`);
    if (wait) projectionWaitMs.push(Number(wait[1]));
    lagMs.push(waited!.at - acknowledged);
    plainQueryMs.push(plain!.at - acknowledged);
  };

  const started = performance.now();
  await Promise.all(input.learners.map(async ({ cookie, courseIds }) => {
    for (const courseId of courseIds) {
      const sent = performance.now();
      const response = await call('POST', url(input.origin, '/api/bookings'), { cookie, 'x-requested-with': 'recup-points' }, JSON.stringify({ courseId, earlyStartRequested: true }));
      commandLatencyMs.push(performance.now() - sent);
      const position = Number(response.headers['x-event-position'] ?? 0);
      outcomes.push({ courseId, status: response.status, position });
      if (response.status === 201 && (bookings += 1) % input.probeEvery === 0) probes.push(probe(cookie, courseId, position));
    }
  }));
  const elapsedMs = performance.now() - started;
  await Promise.all(probes);
  return { elapsedMs, outcomes, lagMs, projectionWaitMs, plainQueryMs, probeFailures, commandLatencyMs };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as BookingLoadInput).then(
    (output) => port.postMessage({ ok: true, output }),
    (error: unknown) => port.postMessage({ ok: false, error: String((error as Error).stack ?? error) }),
  );
}
