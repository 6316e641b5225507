import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { COURSE_HALF_DAYS, parseStreamName, toDomainEvent, waitingListOpen, type RecordedDomainEvent } from '@recup/shared-events';
import { runProjectionsCommand } from '../cli/projections-command';
import { seededRandom } from '@recup/infra/seeded-random';
import { CRASH_LEARNERS, CRASH_PASSWORD, CRASH_SMALL_COURSES, crashLearnerEmail, type ChildAnswer, type ChildCommand, type ChildReady, type ChildRequest } from './crash-protocol';

const MINUTE = 60_000;
const WRITE_HEADERS = { 'x-requested-with': 'recup-points', 'accept-language': 'fr' };

/** The platform in a child process, started again on the same data after each SIGKILL. */
class Child {
  private process: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port = 0;
  output = '';

  constructor(private readonly script: string, private readonly dataDir: string) {}

  async start(offset: number) {
    const child = fork(this.script, [], {
      env: { ...process.env, DATA_DIR: this.dataDir, CLOCK_OFFSET_MS: String(offset) },
      execArgv: ['--enable-source-maps'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.process = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('message', (message: ChildAnswer | ChildReady) => {
      if ('id' in message) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.result);
        else waiting?.reject(new Error(message.error));
      }
    });
    child.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the child process exited'));
      this.pending.clear();
    });
    this.port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the platform did not start in 60 s:\n${this.output}`)), 60_000);
      child.on('message', (message: ChildReady) => {
        if ('type' in message && message.type === 'ready') {
          clearTimeout(timer);
          resolve(message.port);
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the platform exited with ${code} while starting:\n${this.output}`));
      });
    });
  }

  request<T>(request: ChildCommand, timeoutMs = 60_000): Promise<T> {
    const child = this.process;
    if (!child?.connected) return Promise.reject(new Error('the child process is not running'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${request.type} got no answer in ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, { resolve: (v) => (clearTimeout(timer), resolve(v as T)), reject: (e) => (clearTimeout(timer), reject(e)) });
      child.send({ ...request, id } as ChildRequest);
    });
  }

  async kill() {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

class NetworkError extends Error {}

/** An answer's JSON fields, as the load reads them (strings, flags, or the course list). */
type Answer = { status: number; json: Record<string, string> & { refundDue?: boolean }; location: string | null };

/** A browser-like client of the child's HTTP API: its own session cookie, signed in again when it expires. */
class Client {
  private cookie: string | null = null;
  /** The signed-in account's id, once signed in. */
  userId: string | null = null;
  constructor(private readonly base: () => string, private readonly email: string, private readonly password: string) {}

  async call(method: string, path: string, body?: unknown, form?: string): Promise<Answer> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const headers: Record<string, string> = form
        ? { 'content-type': 'application/x-www-form-urlencoded', origin: this.base() }
        : { ...WRITE_HEADERS, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
      if (this.cookie) headers.cookie = this.cookie;
      let response: Response;
      try {
        response = await fetch(`${this.base()}${path}`, {
          method, headers, redirect: 'manual', signal: AbortSignal.timeout(15_000),
          ...(form !== undefined ? { body: form } : body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      } catch (error) {
        throw new NetworkError(String(error));
      }
      const set = response.headers.getSetCookie?.()[0];
      if (set) this.cookie = set.split(';')[0]!;
      const text = await response.text().catch(() => {
        throw new NetworkError('the answer was cut');
      });
      if (response.status === 401 && path !== '/api/auth/login' && attempt === 0) {
        await this.login();
        continue;
      }
      let json: Answer['json'] = {};
      try {
        if (text) json = JSON.parse(text) as Answer['json'];
      } catch {
        // not JSON (an HTML page): nothing to read in it
      }
      return { status: response.status, json, location: response.headers.get('location') };
    }
    throw new Error('unreachable');
  }

  async login() {
    const answer = await this.call('POST', '/api/auth/login', { email: this.email, password: this.password });
    if (answer.status !== 200) throw new Error(`sign-in of ${this.email}: ${answer.status} ${JSON.stringify(answer.json)}`);
    this.userId = answer.json.id ?? null;
  }
}

/** A command the platform acknowledged (answered 2xx): what it did must be in the log after any crash. */
type Acked =
  | { op: 'book'; bookingId: string }
  | { op: 'open-payment'; bookingId: string; paymentId: string }
  | { op: 'card'; intentId: string; status: string }
  | { op: 'confirm-payment'; bookingId: string; paymentId: string }
  | { op: 'cancel'; bookingId: string; refundDue: boolean; refund: string }
  | { op: 'approve'; bookingId: string }
  | { op: 'delete'; bookingId: string }
  /** A move to another date (issue 19 §4), done at once or waiting for its difference; and a difference paid. */
  | { op: 'move'; bookingId: string; courseId: string; status: 'MOVED' | 'PAYMENT_REQUIRED' }
  | { op: 'move-paid'; bookingId: string; paymentId: string }
  | { op: 'join'; courseId: string; userId: string; joinedAt: string }
  | { op: 'leave'; courseId: string; userId: string }
  | { op: 'attend'; bookingId: string; halfDays: Record<string, string> };

type Tracked = { bookingId: string; learner: number; courseId: string; department: string; intent?: { paymentId: string; paymentIntentId: string; clientSecret: string } };

interface CrashRunOptions {
  script: string;
  dataDir: string;
  seed: number;
  kills: number;
  log?: (line: string) => void;
}

interface CrashFigures {
  seed: number;
  kills: number;
  commandsChecked: number;
  commandsLost: number;
  unacknowledged: number;
  bookings: number;
  /** Waiting-list joins, and places offered to the first in line. */
  joins: number;
  offers: number;
  charges: number;
  refunds: number;
  invoices: number;
  /** Moves to another date acknowledged (done at once, waiting for their difference, or paid). */
  moves: number;
  /** Attendance rows acknowledged (each changed a booking's row, or found it so). */
  attendances: number;
  readModelDocuments: number;
  events: number;
  problems: string[];
}

/**
 * The crash test: a mixed load (book, pay, 3-D Secure passed, failed or left, cancel, approve, delete,
 * expire, move to another date — by the learner, paying a dearer course's difference or leaving it unpaid, or by
 * the centre —, join and leave waiting lists, book through an offer, record attendance) on the platform in a child process, killed with SIGKILL at random moments and started again each
 * time; after each restart, once the reactors have settled, every invariant is checked.
 */
export async function runCrashTest(options: CrashRunOptions): Promise<CrashFigures> {
  const random = seededRandom(options.seed);
  const log = options.log ?? (() => {});
  const child = new Child(options.script, options.dataDir);
  let offset = 0;
  const base = () => `http://127.0.0.1:${child.port}`;
  const learners = Array.from({ length: CRASH_LEARNERS }, (_, i) => new Client(base, crashLearnerEmail(i), CRASH_PASSWORD));
  const centre = new Client(base, 'centre@demo.test', 'demo-password');
  const admin = new Client(base, 'admin@demo.test', 'demo-password');
  const acked: Acked[] = [];
  const tracked = new Map<string, Tracked>();
  const figures: CrashFigures = {
    seed: options.seed, kills: 0, commandsChecked: 0, commandsLost: 0, unacknowledged: 0, bookings: 0, joins: 0, offers: 0, charges: 0, refunds: 0, invoices: 0, moves: 0, attendances: 0, readModelDocuments: 0, events: 0,
    problems: [],
  };
  let courses: Array<{ id: string; department: string }> = [];

  const pickTracked = (filter: (t: Tracked) => boolean) => {
    const candidates = [...tracked.values()].filter(filter);
    return candidates.length > 0 ? random.pick(candidates) : null;
  };

  async function payCard(t: Tracked, card: string) {
    const client = learners[t.learner]!;
    const opened = await client.call('POST', `/api/bookings/${t.bookingId}/create-payment-intent`);
    if (opened.status !== 200) return null;
    const intent = { paymentId: opened.json.paymentId!, paymentIntentId: opened.json.paymentIntentId!, clientSecret: opened.json.clientSecret! };
    t.intent = intent;
    acked.push({ op: 'open-payment', bookingId: t.bookingId, paymentId: intent.paymentId });
    const confirmed = await client.call('POST', `/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret, cardholderName: 'Camille Test', cardNumber: card, expMonth: 12, expYear: 2035, cvc: '123', returnUrl: `/payment-success?booking_id=${t.bookingId}`,
    });
    if (confirmed.status === 200) acked.push({ op: 'card', intentId: intent.paymentIntentId, status: confirmed.json.status! });
    return confirmed.status === 200 ? { ...intent, status: confirmed.json.status! } : null;
  }

  async function reportPayment(t: Tracked, paid: { paymentId: string; paymentIntentId: string }) {
    const answer = await learners[t.learner]!.call('POST', `/api/bookings/${t.bookingId}/confirm-payment`, { paymentIntentId: paid.paymentIntentId });
    if (answer.status === 200 && answer.json.paymentStatus === 'SUCCEEDED') acked.push({ op: 'confirm-payment', bookingId: t.bookingId, paymentId: paid.paymentId });
  }

  /** Moves a booking to a course; a learner's dearer move is then paid (when `pay`), or left to lapse. */
  async function moveTo(client: Client, t: Tracked, course: { id: string; department: string }, pay: boolean) {
    const answer = await client.call('POST', `/api/bookings/${t.bookingId}/transfer`, { courseId: course.id, earlyStartRequested: true });
    if (answer.status !== 200) return;
    const status = answer.json.status as 'MOVED' | 'PAYMENT_REQUIRED';
    acked.push({ op: 'move', bookingId: t.bookingId, courseId: course.id, status });
    if (status === 'MOVED') Object.assign(t, { courseId: course.id, department: course.department });
    if (status !== 'PAYMENT_REQUIRED' || !pay) return;
    const learner = learners[t.learner]!;
    const opened = await learner.call('POST', `/api/bookings/${t.bookingId}/transfer/payment-intent`);
    if (opened.status !== 200) return;
    const card = await learner.call('POST', `/api/test-gateway/payment-intents/${opened.json.paymentIntentId}/confirm`, {
      clientSecret: opened.json.clientSecret, cardholderName: 'Camille Test', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123',
    });
    if (card.status !== 200) return;
    acked.push({ op: 'card', intentId: opened.json.paymentIntentId!, status: card.json.status! });
    const confirmed = await learner.call('POST', `/api/bookings/${t.bookingId}/transfer/confirm-payment`, { paymentIntentId: opened.json.paymentIntentId });
    if (confirmed.status === 200) {
      acked.push({ op: 'move-paid', bookingId: t.bookingId, paymentId: opened.json.paymentId! });
      Object.assign(t, { courseId: course.id, department: course.department });
    }
  }

  /** A step on the small courses' waiting lists: a learner joins one, leaves one, or books the place held for them. */
  async function waitingListStep() {
    const learner = learners[random.int(0, CRASH_LEARNERS - 1)]!;
    const courseId = random.pick(CRASH_SMALL_COURSES);
    const roll = random.next();
    if (roll < 0.45) {
      const answer = await learner.call('POST', `/api/courses/${courseId}/waiting-list`);
      if (answer.status === 201 && learner.userId) acked.push({ op: 'join', courseId, userId: learner.userId, joinedAt: answer.json.joinedAt! });
    } else if (roll < 0.55) {
      const answer = await learner.call('DELETE', `/api/courses/${courseId}/waiting-list`);
      if (answer.status === 204 && learner.userId) acked.push({ op: 'leave', courseId, userId: learner.userId });
    } else {
      // What the dashboard offers: the place held for them, booked as any booking.
      const lines = (await learner.call('GET', '/api/user/waiting-list')).json as unknown as Array<{ course: { id: string }; offer: unknown }>;
      const offered = Array.isArray(lines) ? lines.find((line) => line.offer) : undefined;
      const target = offered?.course.id ?? courseId;
      const answer = await learner.call('POST', '/api/bookings', { earlyStartRequested: true, courseId: target });
      if (answer.status === 201) {
        const bookingId = answer.json.id!;
        tracked.set(bookingId, { bookingId, learner: learners.indexOf(learner), courseId: target, department: '13' });
        acked.push({ op: 'book', bookingId });
      }
    }
  }

  /** An administrator records a learner's presence (at any time, as when correcting): any booking held on its course. */
  async function attendanceStep() {
    const t = pickTracked(() => true);
    if (!t) return;
    const halfDays = Object.fromEntries(COURSE_HALF_DAYS.map((halfDay) => [halfDay, random.next() < 0.8 ? 'PRESENT' : random.pick(['ABSENT', 'LATE_REFUSED'])]));
    const answer = await admin.call('PUT', `/api/organization/courses/${t.courseId}/attendance`, { entries: Object.entries(halfDays).map(([halfDay, presence]) => ({ bookingId: t.bookingId, halfDay, presence })) });
    if (answer.status === 200) acked.push({ op: 'attend', bookingId: t.bookingId, halfDays });
  }

  /** One random step of a learner, the centre or an administrator. */
  async function step() {
    if (random.next() < 0.25) return waitingListStep();
    if (random.next() < 0.06) return attendanceStep();
    const roll = random.next();
    if (roll < 0.28 || tracked.size < 3) {
      const learner = random.int(0, CRASH_LEARNERS - 1);
      const course = random.pick(courses);
      const answer = await learners[learner]!.call('POST', '/api/bookings', { earlyStartRequested: true, courseId: course.id });
      if (answer.status === 201) {
        const bookingId = answer.json.id!;
        tracked.set(bookingId, { bookingId, learner, courseId: course.id, department: course.department });
        acked.push({ op: 'book', bookingId });
      }
    } else if (roll < 0.5) {
      const t = pickTracked(() => true);
      if (!t) return;
      const paid = await payCard(t, '4242 4242 4242 4242');
      if (paid?.status === 'succeeded') await reportPayment(t, paid);
    } else if (roll < 0.62) {
      const t = pickTracked(() => true);
      if (!t) return;
      const paid = await payCard(t, '4000 0027 6000 3184');
      if (paid?.status !== 'requires_action') return;
      const choice = random.int(0, 3);
      // Passed and reported, passed with the browser closed, failed, or left on the bank's page.
      if (choice === 3) return;
      const challenge = await learners[t.learner]!.call('POST', `/api/test-gateway/challenge/${paid.paymentIntentId}`, undefined, `action=${choice === 2 ? 'fail' : 'complete'}`);
      if (challenge.status === 303 && choice === 0) await reportPayment(t, paid);
    } else if (roll < 0.74) {
      const t = pickTracked(() => true);
      if (!t) return;
      const answer = await learners[t.learner]!.call('POST', `/api/bookings/${t.bookingId}/cancel`);
      if (answer.status === 200) acked.push({ op: 'cancel', bookingId: t.bookingId, refundDue: answer.json.refundDue === true, refund: answer.json.refund! });
    } else if (roll < 0.84) {
      // The demo centre runs the Bouches-du-Rhône courses.
      const t = pickTracked((c) => c.department === '13');
      if (!t) return;
      const answer = await centre.call('POST', `/api/bookings/${t.bookingId}/approve`);
      if (answer.status === 200) acked.push({ op: 'approve', bookingId: t.bookingId });
    } else if (roll < 0.88) {
      const t = pickTracked(() => true);
      if (!t) return;
      const answer = await admin.call('DELETE', `/api/admin/bookings/${t.bookingId}`);
      if (answer.status === 204) acked.push({ op: 'delete', bookingId: t.bookingId });
    } else if (roll < 0.93) {
      // The learner moves to another date: a dearer course's difference paid by card, or left unpaid to lapse.
      const t = pickTracked(() => true);
      if (!t) return;
      await moveTo(learners[t.learner]!, t, random.pick(courses), random.next() < 0.6);
    } else if (roll < 0.95) {
      // The demo centre moves a learner between its own courses (the Bouches-du-Rhône's).
      const t = pickTracked((c) => c.department === '13');
      const own = courses.filter((c) => c.department === '13');
      if (!t || own.length === 0) return;
      await moveTo(centre, t, random.pick(own), false);
    } else if (roll < 0.97) {
      // Back to the checkout after a challenge left behind: the payment is opened again and paid.
      const t = pickTracked((c) => c.intent !== undefined);
      if (!t) return;
      const paid = await payCard(t, '4242 4242 4242 4242');
      if (paid?.status === 'succeeded') await reportPayment(t, paid);
    } else {
      // Time passes: holds run out.
      await child.request({ type: 'advance', ms: 31 * MINUTE }).then(() => (offset += 31 * MINUTE)).catch(() => {
        throw new NetworkError('the child is down');
      });
    }
  }

  async function load(durationMs: number) {
    const stopAt = Date.now() + durationMs;
    const kill = (async () => {
      await new Promise((resolve) => setTimeout(resolve, durationMs));
      await child.kill();
      figures.kills += 1;
    })();
    const worker = async () => {
      while (Date.now() < stopAt + 5_000) {
        try {
          await step();
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          figures.unacknowledged += 1;
          return;
        }
      }
    };
    await Promise.all([kill, worker(), worker(), worker(), worker()]);
  }

  async function restart() {
    await child.start(offset);
    const list = await learners[0]!.call('GET', '/api/courses/search');
    // The small courses are the waiting-list steps' (and anyone's, when a place is free).
    courses = (list.json as unknown as Array<{ id: string; department: string; spotsLeft: number }>).filter((c) => c.spotsLeft > 0 || CRASH_SMALL_COURSES.includes(c.id)).map(({ id, department }) => ({ id, department }));
  }

  const eventStore = () => new EmbeddedSqliteEventStore(join(options.dataDir, 'events.sqlite'));

  async function check(cycle: number, withCli: boolean) {
    // Due work falls due: orphans' grace, refunds' retries, payments' checks; then nothing is left to do.
    await child.request({ type: 'advance', ms: 6 * MINUTE });
    offset += 6 * MINUTE;
    // Every offer ended by now has been ended by the settling (its duty fell due before it began).
    const settledAt = new Date(Date.now() + offset);
    await child.request({ type: 'settle' }, 120_000);
    const verify = await child.request<{ documents: number; differences: unknown[] }>({ type: 'verify' }, 120_000);
    const problems: string[] = [];
    if (verify.differences.length > 0) problems.push(`read models differ from a rebuild: ${JSON.stringify(verify.differences)}`);
    figures.readModelDocuments = verify.documents;

    const store = eventStore();
    const gateway = new Database(join(options.dataDir, 'test-gateway.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const events = (await store.readAll()).map((e) => toDomainEvent(e));
      figures.events = events.length;
      problems.push(...invariants(events, gateway, acked, figures, settledAt));
      // The spots the site shows: totalSpots − active reservations − offers held, for every course.
      const shown = (await learners[0]!.call('GET', '/api/courses/search')).json as unknown as Array<{ id: string; spotsLeft: number }>;
      const log = readLog(events);
      for (const course of shown) {
        const facts = log.courses.get(course.id);
        if (!facts) continue;
        // A booking holds its course's place, a move under way holds its new course's too; offers held hold theirs.
        const active = [...log.bookings.values()].filter((b) => holds(b, course.id)).length;
        const held = facts.offers.size;
        if (course.spotsLeft !== facts.totalSpots - active - held) {
          problems.push(`course ${course.id} shows ${course.spotsLeft} spots left, ${facts.totalSpots} − ${active} active reservations − ${held} offers held expected`);
        }
      }
    } finally {
      gateway.close();
      await store.close();
    }
    if (withCli) {
      const output: string[] = [];
      const code = await runProjectionsCommand(['verify'], { out: (text) => output.push(text), err: { write: () => {}, isTTY: false }, env: { DATA_DIR: options.dataDir, LANG: 'en' } });
      if (code !== 0) problems.push(`npm run projections -- verify answered ${code}:\n${output.join('\n')}`);
    }
    if (problems.length > 0) {
      figures.problems.push(...problems.map((p) => `after kill ${cycle}: ${p}`));
      throw new Error(`crash test (seed ${options.seed}) after kill ${cycle}:\n${problems.join('\n')}\n--- child output ---\n${child.output.slice(-4000)}`);
    }
  }

  try {
    await restart();
    for (let cycle = 1; cycle <= options.kills; cycle += 1) {
      const t0 = Date.now();
      const before = acked.length;
      await load(random.int(300, 2500));
      const t1 = Date.now();
      await restart();
      const t2 = Date.now();
      await check(cycle, cycle % 5 === 0 || cycle === options.kills);
      log(`kill ${cycle}/${options.kills} survived: ${acked.length - before} commands acknowledged in ${t1 - t0} ms of load, restart ${t2 - t1} ms, checks ${Date.now() - t2} ms; ${figures.events} events, none lost`);
    }
    return figures;
  } finally {
    await child.kill();
  }
}

/**
 * The log as the checks read it: folded here, on its own, not with the deciders under test, so that a
 * mistake in their `evolve` cannot hide a lost command.
 */
type BookingFacts = {
  status: string; courseId: string; paidBy: string | null; refundDue: boolean; confirmed: number;
  /** The differences paid for moves, kept with `paidBy`; the course held for a move waiting for its difference. */
  topUps: string[]; pending: string | null;
  /** Every course it moved to (done or waiting), and how many moves it made once paid online (each issues an invoice). */
  movedTo: string[]; waitedFor: string[]; paidMoves: number;
  /** Every attendance row recorded, in order (JSON, half-days in their order). */
  attendance: string[];
};
type CourseFacts = {
  totalSpots: number;
  startDate: string;
  reservations: Set<string>;
  /** Who waits, first in line first, and since when. */
  waiting: Map<string, string>;
  /** Offers held: offer id → learner and end. */
  offers: Map<string, { userId: string; expiresAt: string }>;
  /** Every join and every departure from the line, as (learner, reason). */
  joined: Array<{ userId: string; joinedAt: string }>;
  left: Array<{ userId: string; reason: string }>;
  offersMade: number;
};

/** An attendance row as the checks compare it: its half-days in their order. */
function attendanceKey(halfDays: Partial<Record<string, string>>): string {
  return JSON.stringify(COURSE_HALF_DAYS.map((halfDay) => halfDays[halfDay] ?? null));
}

function readLog(events: RecordedDomainEvent[]) {
  const bookings = new Map<string, BookingFacts>();
  const payments = new Map<string, { status: string; refunded: number; amount: number; partlyRefunded: number }>();
  const courses = new Map<string, CourseFacts>();
  for (const event of events) {
    const { category, id } = parseStreamName(event.streamName);
    const booking = bookings.get(id);
    const payment = payments.get(id);
    const course = courses.get(id);
    switch (event.type) {
      case 'BookingPlaced':
        bookings.set(id, { status: 'PENDING', courseId: event.data.courseId, paidBy: null, refundDue: false, confirmed: 0, topUps: [], pending: null, movedTo: [], waitedFor: [], paidMoves: 0, attendance: [] });
        break;
      case 'BookingConfirmed':
        if (booking) Object.assign(booking, { status: 'CONFIRMED', confirmed: booking.confirmed + 1, paidBy: event.data.by === 'payment' ? event.data.paymentId : booking.paidBy });
        break;
      case 'BookingPaid':
        if (booking) booking.paidBy = event.data.paymentId;
        break;
      case 'BookingCancelled':
        if (booking) Object.assign(booking, { status: 'CANCELLED', refundDue: event.data.refundDue });
        break;
      case 'BookingExpired':
      case 'BookingDeleted':
      case 'BookingCompleted':
        if (booking) booking.status = event.type === 'BookingExpired' ? 'EXPIRED' : event.type === 'BookingDeleted' ? 'DELETED' : 'COMPLETED';
        break;
      case 'BookingMoveStarted':
        if (booking) Object.assign(booking, { pending: event.data.toCourseId, waitedFor: [...booking.waitedFor, event.data.toCourseId] });
        break;
      case 'BookingMoveAbandoned':
        if (booking) booking.pending = null;
        break;
      case 'BookingAttendanceRecorded':
        if (booking) booking.attendance.push(attendanceKey(event.data.halfDays));
        break;
      case 'BookingMoved':
        if (booking) {
          Object.assign(booking, { courseId: event.data.toCourseId, pending: null, movedTo: [...booking.movedTo, event.data.toCourseId], paidMoves: booking.paidMoves + (booking.paidBy ? 1 : 0) });
          if (event.data.topUpPaymentId) booking.topUps.push(event.data.topUpPaymentId);
        }
        break;
      case 'PaymentIntentCreated':
        payments.set(id, { status: 'PENDING', refunded: 0, amount: event.data.amount, partlyRefunded: 0 });
        break;
      case 'PaymentPartiallyRefunded':
        if (payment) payment.partlyRefunded += event.data.amount;
        break;
      case 'PaymentSucceeded':
      case 'PaymentFailed':
      case 'PaymentIntentCanceled':
        if (payment) payment.status = event.type === 'PaymentSucceeded' ? 'SUCCEEDED' : event.type === 'PaymentFailed' ? 'FAILED' : 'CANCELED';
        break;
      case 'PaymentRefunded':
        if (payment) Object.assign(payment, { status: 'REFUNDED', refunded: payment.refunded + 1 });
        break;
      case 'CourseScheduled':
        courses.set(id, { totalSpots: event.data.totalSpots, startDate: event.data.startDate, reservations: new Set(), waiting: new Map(), offers: new Map(), joined: [], left: [], offersMade: 0 });
        break;
      case 'CourseDetailsChanged':
        if (course) Object.assign(course, { totalSpots: event.data.totalSpots, startDate: event.data.startDate });
        break;
      case 'WaitingListJoined':
        course?.waiting.set(event.data.userId, event.data.joinedAt);
        course?.joined.push({ userId: event.data.userId, joinedAt: event.data.joinedAt });
        break;
      case 'WaitingListLeft':
        course?.waiting.delete(event.data.userId);
        course?.left.push({ userId: event.data.userId, reason: event.data.reason });
        for (const [offerId, offer] of course?.offers ?? []) if (offer.userId === event.data.userId) course?.offers.delete(offerId);
        break;
      case 'SpotOffered':
        course?.offers.set(event.data.offerId, { userId: event.data.userId, expiresAt: event.data.expiresAt });
        if (course) course.offersMade += 1;
        break;
      case 'SpotOfferTaken':
      case 'SpotOfferExpired':
        course?.offers.delete(event.data.offerId);
        break;
      case 'SpotReserved':
        course?.reservations.add(event.data.bookingId);
        break;
      case 'SpotReleased':
        course?.reservations.delete(event.data.bookingId);
        break;
      default:
        void category;
    }
  }
  return { bookings, payments, courses };
}

const ACTIVE = ['PENDING', 'CONFIRMED', 'COMPLETED'];

/** Whether an active booking holds a place on the course: its own, or the one held for the move it waits to pay for. */
function holds(booking: BookingFacts, courseId: string): boolean {
  return ACTIVE.includes(booking.status) && (booking.courseId === courseId || booking.pending === courseId);
}

/** Every acknowledged command is in the log; every charge is kept or refunded exactly once; invoices have no gap. */
function invariants(events: RecordedDomainEvent[], gateway: Database.Database, acked: Acked[], figures: CrashFigures, settledAt: Date): string[] {
  const problems: string[] = [];
  const { bookings, payments, courses } = readLog(events);
  const invoicesOf = new Map<string, number>();
  for (const e of events) if (e.type === 'InvoiceNumberAssigned') invoicesOf.set(e.data.bookingId, (invoicesOf.get(e.data.bookingId) ?? 0) + 1);
  figures.bookings = bookings.size;

  // No acknowledged command lost.
  let lost = 0;
  const intents = new Map(gateway.prepare<[], { id: string; status: string; metadata: string; amount: number }>('SELECT id, status, metadata, amount FROM intents').all().map((row) => [row.id, row]));
  for (const command of acked) {
    const state = 'bookingId' in command ? (bookings.get(command.bookingId) ?? null) : null;
    const kept =
      command.op === 'book' ? state !== null
      : command.op === 'open-payment' ? payments.has(command.paymentId)
      // A card that paid stays paid at the provider (its file is durable as ours); other answers may move on.
      : command.op === 'card' ? command.status !== 'succeeded' || intents.get(command.intentId)?.status === 'succeeded'
      : command.op === 'confirm-payment' ? state?.paidBy === command.paymentId
      : command.op === 'cancel' ? state?.status === 'CANCELLED' && state.refundDue === command.refundDue && (command.refund !== 'REFUNDED' || payments.get(state.paidBy ?? '')?.status === 'REFUNDED')
      : command.op === 'approve' ? state?.confirmed === 1
      : command.op === 'move' ? (command.status === 'MOVED' ? state?.movedTo.includes(command.courseId) : state?.waitedFor.includes(command.courseId)) === true
      : command.op === 'move-paid' ? state?.topUps.includes(command.paymentId) === true
      : command.op === 'join' ? (courses.get(command.courseId)?.joined.some((j) => j.userId === command.userId && j.joinedAt === command.joinedAt) ?? false)
      : command.op === 'leave' ? (courses.get(command.courseId)?.left.some((l) => l.userId === command.userId && l.reason === 'left') ?? false)
      // Recorded then, or already so (nothing appended when nothing changed): a row the log holds.
      : command.op === 'attend' ? state?.attendance.includes(attendanceKey(command.halfDays)) === true
      : state?.status === 'DELETED';
    if (!kept) {
      lost += 1;
      problems.push(`acknowledged ${JSON.stringify(command)} is not in the log`);
    }
  }
  figures.commandsChecked = acked.length;
  figures.commandsLost = lost;
  figures.moves = acked.filter((command) => command.op === 'move' || command.op === 'move-paid').length;
  figures.attendances = acked.filter((command) => command.op === 'attend').length;

  // Spots: the course stream's reservations are exactly the active bookings, never more than the places.
  for (const [courseId, course] of courses) {
    const reserved = course.reservations;
    const active = new Set([...bookings.entries()].filter(([, b]) => holds(b, courseId)).map(([id]) => id));
    if (reserved.size > course.totalSpots) problems.push(`course ${courseId}: ${reserved.size} reservations for ${course.totalSpots} places`);
    const orphans = [...reserved].filter((id) => !active.has(id));
    const unreserved = [...active].filter((id) => !reserved.has(id));
    if (orphans.length > 0 || unreserved.length > 0) problems.push(`course ${courseId}: reservations without an active booking ${JSON.stringify(orphans)}, active bookings without a reservation ${JSON.stringify(unreserved)}`);

    // Offers: places held for learners in line, never more than the places left, one per learner, none past its end.
    const held = [...course.offers.values()];
    if (reserved.size + held.length > course.totalSpots) problems.push(`course ${courseId}: ${reserved.size} reservations and ${held.length} offers held for ${course.totalSpots} places`);
    if (held.some((offer) => !course.waiting.has(offer.userId))) problems.push(`course ${courseId}: an offer is held for a learner not in line`);
    if (new Set(held.map((offer) => offer.userId)).size !== held.length) problems.push(`course ${courseId}: a learner holds two offers`);
    const overdue = held.filter((offer) => Date.parse(offer.expiresAt) <= settledAt.getTime());
    if (overdue.length > 0) problems.push(`course ${courseId}: ${overdue.length} offer(s) past their end still hold a place (${JSON.stringify(overdue)})`);
    // No free place is left unoffered while someone waits and offers can still be made.
    const free = course.totalSpots - reserved.size - held.length;
    const unoffered = [...course.waiting.keys()].filter((userId) => !held.some((offer) => offer.userId === userId)).length;
    if (free > 0 && unoffered > 0 && waitingListOpen(settledAt, course.startDate)) problems.push(`course ${courseId}: ${free} place(s) free while ${unoffered} learner(s) wait without an offer`);
  }
  figures.joins = [...courses.values()].reduce((n, c) => n + c.joined.length, 0);
  figures.offers = [...courses.values()].reduce((n, c) => n + c.offersMade, 0);

  // Every charge the provider holds is kept by its booking (its own payment, or a move's difference: invoiced once,
  // and once more for each move made since) or refunded exactly once. A kept charge may have given parts back (the
  // differences of moves to cheaper courses), each recorded: never more, never a refund in full.
  type Refunds = { n: number; total: number; full: number; parts: number };
  const refunds = new Map(gateway.prepare<[], { intent_id: string } & Refunds>(
    'SELECT intent_id, COUNT(*) AS n, SUM(amount) AS total, SUM(CASE WHEN reference IS NULL THEN 1 ELSE 0 END) AS "full", SUM(CASE WHEN reference IS NULL THEN 0 ELSE amount END) AS parts FROM refunds GROUP BY intent_id',
  ).all().map((r) => [r.intent_id, r]));
  let charges = 0;
  for (const intent of intents.values()) {
    const { bookingId, paymentId } = JSON.parse(intent.metadata) as { bookingId?: string; paymentId?: string };
    if (!bookingId || !paymentId) continue;
    const atProvider: Refunds = refunds.get(intent.id) ?? { n: 0, total: 0, full: 0, parts: 0 };
    const payment = payments.get(paymentId);
    const refundedHere = payment?.refunded ?? 0;
    if (intent.status !== 'succeeded') {
      if (atProvider.n > 0) problems.push(`intent ${intent.id} (${intent.status}) was refunded`);
      continue;
    }
    charges += 1;
    const booking = bookings.get(bookingId);
    const keptBy = booking?.paidBy === paymentId ? 'own' : booking?.topUps.includes(paymentId) ? 'difference' : null;
    const kept = keptBy !== null && !(booking!.status === 'CANCELLED' && booking!.refundDue);
    if (kept) {
      if (atProvider.full > 0 || refundedHere > 0) problems.push(`charge ${intent.id} kept by booking ${bookingId} was refunded too`);
      if (atProvider.parts !== (payment?.partlyRefunded ?? 0)) problems.push(`charge ${intent.id} kept by booking ${bookingId}: ${atProvider.parts} given back in parts at the provider, ${payment?.partlyRefunded ?? 0} recorded`);
      const expected = 1 + (booking?.paidMoves ?? 0);
      if (keptBy === 'own' && invoicesOf.get(bookingId) !== expected) problems.push(`charge ${intent.id} kept by booking ${bookingId} has ${invoicesOf.get(bookingId) ?? 0} invoice numbers, ${expected} expected`);
    } else {
      const all = atProvider.total === intent.amount && atProvider.full <= 1 && atProvider.parts === (payment?.partlyRefunded ?? 0);
      const recorded = refundedHere <= 1 && (payment?.status === 'REFUNDED' || payment?.partlyRefunded === intent.amount);
      if (!all || !recorded) {
        problems.push(`charge ${intent.id} of booking ${bookingId} (${booking?.status}) is neither kept nor refunded once: ${atProvider.total} of ${intent.amount} refunded at the provider (${atProvider.full} in full), ${refundedHere} recorded`);
      }
    }
  }
  figures.charges = charges;
  figures.refunds = [...refunds.values()].reduce((a, b) => a + b.n, 0);

  // Invoice numbers: one gap-free series a year; one number per booking, and one per move of it.
  let invoices = 0;
  const series = new Map<string, Array<{ sequence: number; key: string }>>();
  for (const e of events) {
    if (e.type !== 'InvoiceNumberAssigned') continue;
    const key = `${e.data.bookingId}/${e.data.replaces?.movedEventId ?? 'first'}`;
    series.set(e.streamName, [...(series.get(e.streamName) ?? []), { sequence: e.data.sequence, key }]);
  }
  for (const [stream, numbers] of series) {
    invoices += numbers.length;
    if (!numbers.every((n, i) => n.sequence === i + 1)) problems.push(`${stream} has a gap: ${numbers.map((n) => n.sequence).join(',')}`);
    if (new Set(numbers.map((n) => n.key)).size !== numbers.length) problems.push(`${stream} numbers a booking (or a move of it) twice`);
  }
  figures.invoices = invoices;
  return problems;
}
