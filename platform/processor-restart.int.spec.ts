import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reactor } from '@recup/command-api/reactors/reactor';
import { streams } from '@recup/shared-events';
import { book, bookAndPay, scheduleCourse } from './money-testing';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

/**
 * Issue 22: the reactors' checkpoints and duties are kept beside the event log (the SQLite file in the embedded
 * mode). A platform started again on a large log resumes every reactor where it was: no old event is handled
 * again (no e-mail sent twice, no refund asked twice), and the duties that fell due while it was down run, once.
 */
describe('the embedded platform restarted on a large log', () => {
  let platform: Platform;
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-restart-'));
  /** Every event the reactors of the running platform were handed, by reactor: `position`s. */
  let handled: Array<{ reactor: string; position: number }> = [];
  const counting = (reactors: Reactor[]) => reactors.map((reactor): Reactor => ({
    ...reactor,
    name: reactor.name,
    handle: async (event) => {
      handled.push({ reactor: reactor.name, position: event.position });
      await reactor.handle(event);
    },
    ...(reactor.sweep ? { sweep: (now: Date) => reactor.sweep!(now) } : {}),
  }));
  /** The mail reactor renders an invoice per paid booking: on a log this size it takes longer than `settled` waits. */
  async function settle() {
    const { eventStore } = platform.adapters;
    for (let head = -1; head !== (await eventStore.headPosition()); ) {
      head = await eventStore.headPosition();
      await platform.reactors.reached(head, 180_000);
    }
    await platform.settled();
  }
  const start = (now?: string) => startTestPlatform({ dataDir, now, authRateLimitPerMinute: 100_000, reactors: counting });

  beforeAll(async () => {
    platform = await start();
  });
  afterAll(async () => {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('handles no old event again, sends no e-mail twice, asks no refund twice, and runs the holds that expired while it was down, once', { timeout: 400_000 }, async () => {
    const learners: TestClient[] = [];
    for (let i = 0; i < 4; i += 1) learners.push(await signUpLearner(platform, `restart.${i}@example.test`));
    const courses = Array.from({ length: 10 }, (_, i) => `restart-course-${i}`);
    for (const [i, id] of courses.entries()) await scheduleCourse(platform, learners[0]!, id, `2026-12-${String(10 + i).padStart(2, '0')}T07:00:00.000Z`, { totalSpots: 20 });

    // A few hundred bookings paid, then cancelled early enough to be refunded: each one a dozen events.
    const cancelled: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const courseId of courses) {
        for (const learner of learners) {
          const { bookingId } = await bookAndPay(learner, courseId);
          const response = await learner.post(`/api/bookings/${bookingId}/cancel`);
          expect(response.statusCode).toBe(200);
          cancelled.push(bookingId);
        }
      }
    }
    // Unpaid holds, due to expire half an hour from now: the platform will be down then.
    const holds = [await book(learners[1]!, courses[0]!), await book(learners[2]!, courses[1]!)];
    await settle();

    const { eventStore, mailer } = platform.adapters;
    const head = await eventStore.headPosition();
    expect(head).toBeGreaterThan(2_000);
    const key = (m: { to: string; kind: string; text: string }) => `${m.to} ${m.kind} ${m.text}`;
    const mailsBefore = new Set((await mailer.list()).map(key));
    const all = await eventStore.readAll();
    const count = (type: string) => all.filter((e) => e.type === type).length;
    expect(count('PaymentRefunded')).toBe(cancelled.length);
    const refundsAsked = count('PaymentRefundRequested');

    // Down for an hour: the holds' expiry falls due meanwhile.
    await platform.close();
    handled = [];
    const restartedAt = performance.now();
    platform = await start(new Date(Date.parse('2026-11-21T09:00:00.000Z') + 60 * MINUTE).toISOString());
    const startMs = performance.now() - restartedAt;
    expect(handled.filter((h) => h.position <= head)).toEqual([]);

    await platform.reactors.sweep();
    await platform.settled();
    await platform.reactors.sweep();
    await platform.settled();

    const after = await platform.adapters.eventStore.readAll();
    const countAfter = (type: string) => after.filter((e) => e.type === type).length;
    expect(countAfter('PaymentRefundRequested')).toBe(refundsAsked);
    expect(countAfter('PaymentRefunded')).toBe(cancelled.length);
    for (const hold of holds) {
      expect((await platform.adapters.eventStore.readStream(streams.booking(hold))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    }
    // Only the holds' expiry was new: its e-mails, once each, and nothing sent again about the old events.
    const mails = await platform.adapters.mailer.list();
    const newMails = mails.filter((m) => !mailsBefore.has(key(m)));
    // (The demo centre's notices that fell due with the clock, its approval about to end, may come too: also duties.)
    expect(newMails.filter((m) => m.to.startsWith('restart.')).map((m) => `${m.to} ${m.kind}`).sort()).toEqual(['restart.1@example.test booking-expired', 'restart.2@example.test booking-expired']);
    expect(new Set(mails.map(key)).size).toBe(mails.length);
    // Every event the restarted reactors handled came after the restart.
    expect(handled.every((h) => h.position > head)).toBe(true);
    console.info(`[processor restart] ${head} events, ${cancelled.length} bookings paid and cancelled; platform up again in ${Math.round(startMs)} ms`);
  });
});
