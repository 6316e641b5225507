import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformReactors } from '@recup/command-api/reactors/platform-reactors';
import { startReactors, type RunningReactors } from '@recup/command-api/reactors/reactor';
import { DEMO_SELLER } from '@recup/infra/seller-identity';
import { streams } from '@recup/shared-events';
import { CrashingEventStore } from './crashing-event-store';
import { book, scheduleCourse } from './money-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const HOUR = 3_600_000;

/**
 * One offer per freed place, exactly once, under races and restarts (issue 19 §5): the waiting-list keeper
 * killed between a place freeing and its offer, reactors restarted from their stored checkpoints or from the
 * start of the log, cancellations racing on one course.
 */
describe('waiting-list offers across crashes, restarts and races', () => {
  let platform: Platform;
  let store: CrashingEventStore;
  let centre: TestClient;
  let learners: Array<{ client: TestClient; email: string; id: string }>;
  let reactors: RunningReactors | null = null;

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, eventStore: (inner) => (store = new CrashingEventStore(inner)) });
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    learners = [];
    for (let i = 0; i < 5; i += 1) {
      const email = `restart.waiter.${i}@example.test`;
      const client = await signUpLearner(platform, email);
      learners.push({ client, email, id: ((await client.get('/api/auth/me')).json() as { id: string }).id });
    }
  }, 60_000);
  afterAll(async () => {
    await reactors?.close();
    await platform?.close();
  });

  /** A full course of the demo centre: its places booked and confirmed by the centre. */
  async function fullCourse(id: string, spots: number, fillers: typeof learners) {
    await scheduleCourse(platform, centre, id, '2026-12-11T07:00:00.000Z', { totalSpots: spots });
    const bookings: string[] = [];
    for (const filler of fillers) {
      const bookingId = await book(filler.client, id);
      expect((await centre.post(`/api/bookings/${bookingId}/approve`)).statusCode).toBe(200);
      bookings.push(bookingId);
    }
    return bookings;
  }
  const offered = async (courseId: string) =>
    (await platform.adapters.eventStore.readStream(streams.course(courseId))).filter((e) => e.type === 'SpotOffered').map((e) => (e.data as { userId: string }).userId);
  const mails = async (email: string) => (await platform.adapters.mailer.list()).filter((m) => m.to === email && m.kind === 'spot-offered');

  /** The reactors of a restarted process: from their stored checkpoints, or from the start of the log when `fromStart`. */
  async function restartReactors(fromStart: boolean) {
    await (reactors ?? platform.reactors).close();
    const { eventStore, processorStore, mailer } = platform.adapters;
    const list = await platformReactors({ eventStore, duties: processorStore, payments: platform.adapters.testGateway, mailer, clock: platform.clock, seller: DEMO_SELLER, siteUrl: 'http://localhost:3000' });
    if (fromStart) for (const reactor of list) await processorStore.saveCheckpoint(`reactor:${reactor.name}`, 0);
    reactors = await startReactors({
      eventStore, store: processorStore, now: () => platform.clock.now(), sweepIntervalMs: 3_600_000,
      reactors: await platformReactors({ eventStore, duties: processorStore, payments: platform.adapters.testGateway, mailer, clock: platform.clock, seller: DEMO_SELLER, siteUrl: 'http://localhost:3000' }),
    });
    await reactors.caughtUp;
    await settleRestarted();
  }
  async function settleRestarted() {
    const { eventStore, progress } = platform.adapters;
    for (let head = -1; head !== (await eventStore.headPosition()); ) {
      head = await eventStore.headPosition();
      await reactors!.reached(head, 5000);
    }
    expect(await progress.waitFor(await eventStore.headPosition(), 5000)).toBe(true);
  }

  it('offers a place freed just before the keeper died once it runs again, once, and never again when every event is delivered anew', async () => {
    const [filler, first, second] = learners;
    const [bookingId] = await fullCourse('restart-offer', 1, [filler!]);
    expect((await first!.client.post('/api/courses/restart-offer/waiting-list')).statusCode).toBe(201);
    expect((await second!.client.post('/api/courses/restart-offer/waiting-list')).statusCode).toBe(201);

    store.crashBefore('SpotOffered');
    expect((await filler!.client.post(`/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    // The keeper read the released place and died offering it.
    for (let waited = 0; store.crashed === 0 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.crashed).toBe(1);
    expect(await offered('restart-offer')).toEqual([]);

    await restartReactors(false);
    expect(await offered('restart-offer')).toEqual([first!.id]);
    expect(await mails(first!.email)).toHaveLength(1);

    // Every event delivered again, as after losing every checkpoint: no second offer, no second e-mail.
    await restartReactors(true);
    expect(await offered('restart-offer')).toEqual([first!.id]);
    expect(await mails(first!.email)).toHaveLength(1);

    // The offer's end is a duty that survived both restarts: it passes the place on once.
    platform.clock.advance(24 * HOUR);
    await reactors!.sweep();
    await settleRestarted();
    await restartReactors(true);
    await reactors!.sweep();
    await settleRestarted();
    const events = (await platform.adapters.eventStore.readStream(streams.course('restart-offer'))).map((e) => e.type);
    expect(events.filter((type) => type === 'SpotOfferExpired')).toHaveLength(1);
    expect(await offered('restart-offer')).toEqual([first!.id, second!.id]);
    expect(await mails(second!.email)).toHaveLength(1);
  });

  it('offers two places freed by two cancellations at the same moment to the first two in line, one each', async () => {
    for (const learner of learners) await learner.client.login(learner.email, 'learner-password');
    await centre.login('centre@demo.test');
    const [a, b, c, d, e] = learners;
    const bookings = await fullCourse('race-offer', 2, [a!, b!]);
    for (const waiter of [c!, d!, e!]) expect((await waiter.client.post('/api/courses/race-offer/waiting-list')).statusCode).toBe(201);
    const answers = await Promise.all([a!.client.post(`/api/bookings/${bookings[0]}/cancel`), b!.client.post(`/api/bookings/${bookings[1]}/cancel`)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    await settleRestarted();
    expect(await offered('race-offer')).toEqual([c!.id, d!.id]);
    const line = (await e!.client.get('/api/user/waiting-list')).json() as Array<{ course: { id: string }; position: number | null }>;
    expect(line.find((entry) => entry.course.id === 'race-offer')).toMatchObject({ position: 1 });
  });
});
