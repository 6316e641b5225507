import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ParkedEventsDto } from '@recup/query-api/contracts/admin';
import { streams } from '@recup/shared-events';
import { CrashingEventStore } from './crashing-event-store';
import { book, bookAndPay, eventsAbout, scheduleCourse, spotsLeft } from './money-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';
import { withPoisonedBooking } from './reactor-testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

/**
 * Issue 22's crash windows of the processors, in the house's manner (`money-crash-windows.int.spec.ts`): the event
 * store dies once on a chosen append, as a killed process leaves the log, and the platform is started again on the
 * same data directory. A parked event's retry and a timer's execution cut short are finished by the next process,
 * once: their state (the parked event and its retry request, the duty) is kept beside the log, not in memory.
 */
describe('processor crash windows', () => {
  const dataDirs: string[] = [];
  let platform: Platform | null = null;
  let store: CrashingEventStore;
  /** A bug of the spot keeper: it throws on every event of this booking while `bug` holds. */
  let bug = false;
  let poison = '';
  const poisoned = withPoisonedBooking('spot-keeper', () => (bug ? poison : null));
  /** The platform (again) on this data directory, at this time, writing through a store that dies when told. */
  async function start(dataDir: string, now?: string) {
    await platform?.close();
    platform = await startTestPlatform({
      dataDir, now, authRateLimitPerMinute: 1000, reactors: poisoned, reactorRetry: { attempts: 2 },
      eventStore: (inner) => (store = new CrashingEventStore(inner)),
    });
    return platform;
  }
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'recup-processor-crash-'));
    dataDirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await platform?.close();
    platform = null;
  });
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a parked event’s retry cut short by a crash, and one asked for just before a kill, once, in the next process', async () => {
    const dataDir = freshDir();
    let p = await start(dataDir);
    const learner = await signUpLearner(p, 'parked.crash@example.test');
    let admin = new TestClient(p.app);
    await admin.login('admin@demo.test');
    await scheduleCourse(p, learner, 'crash-parked', '2026-12-15T07:00:00.000Z');
    const a = await bookAndPay(learner, 'crash-parked');
    await p.settled();

    // The cancellation dies before its spot is released; the spot keeper, which would finish it, trips on the booking.
    bug = true;
    poison = a.bookingId;
    store.crashBefore('SpotReleased', 'course');
    await learner.post(`/api/bookings/${a.bookingId}/cancel`);
    const parked = async () => ((await admin.get('/api/admin/parked-events')).json() as ParkedEventsDto).items.filter((e) => e.reactor === 'spot-keeper');
    for (let step = 0; step < 40 && !(await parked()).some((e) => e.eventType === 'BookingCancelled'); step += 1) {
      p.clock.advance(5_000);
      await p.reactors.sweep();
    }
    const cancelled = (await parked()).find((e) => e.eventType === 'BookingCancelled');
    expect(cancelled).toMatchObject({ attempts: 2, error: `spot-keeper cannot read booking ${a.bookingId}` });
    expect(await spotsLeft(learner, 'crash-parked')).toBe(9);

    // Fixed, retried: the retry dies on the very append it was to make. It stays parked, with that error.
    bug = false;
    store.crashBefore('SpotReleased', 'course');
    expect((await admin.post(`/api/admin/parked-events/${encodeURIComponent(cancelled!.id)}/retry`)).statusCode).toBe(202);
    await p.reactors.retryParked();
    expect((await parked()).find((e) => e.id === cancelled!.id)).toMatchObject({ attempts: 3, retryRequestedAt: null, error: expect.stringContaining('crash before appending SpotReleased') });
    expect(await eventsAbout(p, a.bookingId, 'SpotReleased')).toHaveLength(0);

    // Retried again, and the process is killed before its reactors get to it: the request is kept beside the log.
    await p.reactors.close();
    for (const event of await parked()) expect((await admin.post(`/api/admin/parked-events/${encodeURIComponent(event.id)}/retry`)).statusCode).toBe(202);
    p = await start(dataDir, new Date(p.clock.now().getTime() + MINUTE).toISOString());
    admin = new TestClient(p.app);
    await admin.login('admin@demo.test');
    await p.reactors.sweep();
    await p.settled();

    expect(await parked()).toEqual([]);
    expect(await eventsAbout(p, a.bookingId, 'SpotReleased')).toHaveLength(1);
    const client = new TestClient(p.app);
    expect(await spotsLeft(client, 'crash-parked')).toBe(10);
  });

  it('finishes a hold’s expiry cut short by a crash in the next process, once, even after a restart with nothing left to do', async () => {
    const dataDir = freshDir();
    let p = await start(dataDir);
    const learner = await signUpLearner(p, 'timer.crash@example.test');
    await scheduleCourse(p, learner, 'crash-timer', '2026-12-16T07:00:00.000Z');
    const held = await book(learner, 'crash-timer');
    await p.settled();

    // The hold elapses; its expiry dies between the booking's expiry and the spot's release (both the timer's own
    // release and the one the keeper makes on reading the expiry: the process is gone).
    p.clock.advance(31 * MINUTE);
    store.crashBefore('SpotReleased', 'course');
    store.crashBefore('SpotReleased', 'course');
    await p.reactors.sweep();
    for (let waited = 0; store.crashed < 2 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.crashed).toBe(2);
    expect((await p.adapters.eventStore.readStream(streams.booking(held))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    expect(await eventsAbout(p, held, 'SpotReleased')).toHaveLength(0);

    // Killed; started again later: the duty was kept beside the log and runs once.
    const later = new Date(p.clock.now().getTime() + 10 * MINUTE).toISOString();
    p = await start(dataDir, later);
    await p.reactors.sweep();
    await p.settled();
    expect(await eventsAbout(p, held, 'SpotReleased')).toHaveLength(1);

    p = await start(dataDir, new Date(Date.parse(later) + 60 * MINUTE).toISOString());
    await p.reactors.sweep();
    await p.settled();
    expect(await eventsAbout(p, held, 'SpotReleased')).toHaveLength(1);
    expect((await p.adapters.eventStore.readStream(streams.booking(held))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    expect(await spotsLeft(new TestClient(p.app), 'crash-timer')).toBe(10);
  });
});
