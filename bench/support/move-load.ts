import { parentPort, workerData } from 'node:worker_threads';
import { call, url } from './http';

/**
 * The moves and the waiting-list offers a busy day brings, in a worker thread beside the booking load, at a set pace
 * until the parent says stop:
 * - moves: a learner with a confirmed booking changes its date (`POST /api/bookings/{id}/transfer`) to another course
 *   at the same price, once (as learners do: a course's stream sees a few moves, not hundreds);
 * - offers: a learner on a full course cancels a paid booking (`POST /api/bookings/{id}/cancel`, refunded); the first
 *   in line sees the place held for them on `GET /api/user/waiting-list` (polled every 50 ms, as a click on the
 *   offer's e-mail) and books it (`POST /api/bookings`). One flow per course at a time.
 */
export interface MoveLoadInput {
  origin: string;
  movesPerSecond: number;
  offersPerSecond: number;
  /** At most this many of each in the run: the mix stays one for so many bookings however long the run takes. */
  maxMoves: number;
  maxOffers: number;
  movers: Array<{ cookie: string; bookingId: string; from: string; to: string }>;
  /** Full courses: the paid bookings to cancel, each with the learner first in line when it is cancelled. */
  fullCourses: Array<{ courseId: string; flows: Array<{ filler: { cookie: string; bookingId: string }; waiter: { cookie: string } }> }>;
}

export interface MoveLoadOutput {
  elapsedMs: number;
  moves: number;
  /** Answers other than 200 MOVED to a move, by status. */
  moveRefusals: Record<string, number>;
  cancels: number;
  offersSeen: number;
  offersBooked: number;
  /** From the cancellation's answer to the offer seen by the next in line. */
  offerDelayMs: number[];
  moveLatencyMs: number[];
  cancelLatencyMs: number[];
  offerBookingLatencyMs: number[];
  /** Ticks when no mover was left or every course was still busy with its previous step: the pace was not held. */
  missedMoves: number;
  missedOffers: number;
  failures: string[];
  /** The bookings made through the offers, and where every mover's booking ended. */
  offerBookings: Array<{ courseId: string; bookingId: string }>;
  moverCourses: Array<{ bookingId: string; courseId: string }>;
}

const WRITE = { 'x-requested-with': 'recup-points' };

async function run(input: MoveLoadInput, stopped: () => boolean, untilStoppedOr: (ms: number) => Promise<void>): Promise<MoveLoadOutput> {
  const output: MoveLoadOutput = {
    elapsedMs: 0, moves: 0, moveRefusals: {}, cancels: 0, moveLatencyMs: [], cancelLatencyMs: [], offerBookingLatencyMs: [], offersSeen: 0, offersBooked: 0, offerDelayMs: [], missedMoves: 0, missedOffers: 0, failures: [], offerBookings: [],
    moverCourses: input.movers.map((mover) => ({ bookingId: mover.bookingId, courseId: mover.from })),
  };
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.catch((error: unknown) => void output.failures.push(String(error))).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const idleMovers = input.movers.map((_, i) => i);
  const move = async (i: number) => {
    const mover = input.movers[i]!;
    const sent = performance.now();
    const answer = await call('POST', url(input.origin, `/api/bookings/${mover.bookingId}/transfer`), { cookie: mover.cookie, ...WRITE }, JSON.stringify({ courseId: mover.to, earlyStartRequested: true }));
    output.moveLatencyMs.push(performance.now() - sent);
    const status = answer.status === 200 ? (JSON.parse(answer.body) as { status: string }).status : String(answer.status);
    if (status === 'MOVED') {
      output.moves += 1;
      output.moverCourses[i] = { bookingId: mover.bookingId, courseId: mover.to };
    } else output.moveRefusals[status] = (output.moveRefusals[status] ?? 0) + 1;
  };

  const idleCourses = input.fullCourses.map((_, i) => i).filter((i) => input.fullCourses[i]!.flows.length > 0);
  const nextFlow = input.fullCourses.map(() => 0);
  const offer = async (c: number) => {
    const course = input.fullCourses[c]!;
    const { filler, waiter } = course.flows[nextFlow[c]!]!;
    nextFlow[c] = nextFlow[c]! + 1;
    const sent = performance.now();
    const cancelled = await call('POST', url(input.origin, `/api/bookings/${filler.bookingId}/cancel`), { cookie: filler.cookie, ...WRITE });
    output.cancelLatencyMs.push(performance.now() - sent);
    if (cancelled.status !== 200) throw new Error(`cancellation answered ${cancelled.status}: ${cancelled.body.slice(0, 200)}`);
    output.cancels += 1;
    const since = performance.now();
    for (;;) {
      const lines = JSON.parse((await call('GET', url(input.origin, '/api/user/waiting-list'), { cookie: waiter.cookie })).body) as Array<{ course: { id: string }; offer: unknown }>;
      if (lines.some((line) => line.course.id === course.courseId && line.offer)) break;
      if (performance.now() - since > 30_000) throw new Error(`no offer on course ${course.courseId} 30 s after a cancellation`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    output.offersSeen += 1;
    output.offerDelayMs.push(performance.now() - since);
    const offered = performance.now();
    const booked = await call('POST', url(input.origin, '/api/bookings'), { cookie: waiter.cookie, ...WRITE }, JSON.stringify({ courseId: course.courseId, earlyStartRequested: true }));
    output.offerBookingLatencyMs.push(performance.now() - offered);
    if (booked.status !== 201) throw new Error(`booking through the offer answered ${booked.status}: ${booked.body.slice(0, 200)}`);
    output.offersBooked += 1;
    output.offerBookings.push({ courseId: course.courseId, bookingId: (JSON.parse(booked.body) as { id: string }).id });
    if (nextFlow[c]! < course.flows.length) idleCourses.push(c);
  };

  // Each kind of step is started as often as its pace asks, by whoever is free; in between, the worker sleeps until the
  // next step is due (a tick every millisecond took a tenth of a core from the machine the platform runs on).
  const started = performance.now();
  let movesStarted = 0;
  let offersStarted = 0;
  while (!stopped()) {
    const seconds = (performance.now() - started) / 1000;
    while (movesStarted < Math.min(seconds * input.movesPerSecond, input.maxMoves)) {
      movesStarted += 1;
      const i = idleMovers.shift();
      if (i === undefined) output.missedMoves += 1;
      else track(move(i));
    }
    while (offersStarted < Math.min(seconds * input.offersPerSecond, input.maxOffers)) {
      offersStarted += 1;
      const c = idleCourses.shift();
      if (c === undefined) output.missedOffers += 1;
      else track(offer(c));
    }
    const nextDue = Math.min(
      movesStarted < input.maxMoves ? (movesStarted + 1) / input.movesPerSecond : Infinity,
      offersStarted < input.maxOffers ? (offersStarted + 1) / input.offersPerSecond : Infinity,
    );
    const waitMs = Number.isFinite(nextDue) ? Math.max(1, nextDue * 1000 - (performance.now() - started)) : 50;
    await untilStoppedOr(waitMs);
  }
  output.elapsedMs = performance.now() - started;
  while (inFlight.size > 0) await Promise.all(inFlight);
  return output;
}

if (parentPort) {
  const port = parentPort;
  let stop = false;
  let wake: (() => void) | null = null;
  let go: () => void = () => {};
  const told = new Promise<void>((resolve) => (go = resolve));
  port.on('message', (message: unknown) => {
    if (message === 'go') go();
    if (message !== 'stop') return;
    stop = true;
    wake?.();
  });
  const untilStoppedOr = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });
  // Ready (loaded and compiled): the steps start when the booking load does.
  port.postMessage({ ready: true });
  told.then(() => run(workerData as MoveLoadInput, () => stop, untilStoppedOr)).then(
    (output) => port.postMessage({ ok: true, output }),
    (error: unknown) => port.postMessage({ ok: false, error: String((error as Error).stack ?? error) }),
  );
}
