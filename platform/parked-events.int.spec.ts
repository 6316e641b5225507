import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkedEventsDto } from '@recup/query-api/contracts/admin';
import { bookAndPay, eventsAbout, RefundsDownGateway, scheduleCourse } from './money-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';
import { withPoisonedBooking } from './reactor-testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 22: an event a reactor's handler keeps failing on is tried again with backoff (1, 2, 4, 8 s by the clock),
 * then parked after the fifth try: the reactor goes on with the events after it, so one poison event never blocks
 * the refunds of the others. Administrators list it with its error and retry it once the cause is fixed.
 */
describe('an event a reactor keeps failing on', () => {
  let platform: Platform;
  let learner: TestClient;
  let admin: TestClient;
  let english: TestClient;
  /** A bug of the refund keeper: it throws on every event of this booking while `bug` holds. */
  let bug = true;
  let poison = '';
  const gateway = new RefundsDownGateway(':memory:');
  const poisoned = withPoisonedBooking('refund-keeper', () => (bug ? poison : null));
  const parked = async (client = admin) => (await client.get('/api/admin/parked-events')).json() as ParkedEventsDto;

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, payments: gateway, reactors: poisoned });
    learner = await signUpLearner(platform, 'poison@example.test');
    admin = new TestClient(platform.app);
    english = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    await english.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('is parked after five tries, without blocking the refunds of the others, and is handled once when retried after the fix', async () => {
    await scheduleCourse(platform, learner, 'poison-a', '2026-12-15T07:00:00.000Z');
    await scheduleCourse(platform, learner, 'poison-b', '2026-12-16T07:00:00.000Z');
    const a = await bookAndPay(learner, 'poison-a');
    const b = await bookAndPay(learner, 'poison-b');
    await platform.settled();

    // The provider is down when both are cancelled: their refunds are left to the refund keeper.
    poison = a.bookingId;
    gateway.refundsDown = true;
    for (const { bookingId } of [a, b]) expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).json()).toMatchObject({ refundDue: true, refund: 'PENDING' });
    gateway.refundsDown = false;

    // The clock moves a little at a time; the keeper tries the poison again after 1, 2, 4, 8 s, then parks it and goes on.
    for (let step = 0; step < 40 && (await eventsAbout(platform, b.bookingId, 'PaymentRefunded')).length === 0; step += 1) {
      platform.clock.advance(20_000);
      await platform.reactors.sweep();
    }
    await platform.settled();
    expect(await eventsAbout(platform, b.bookingId, 'PaymentRefunded')).toHaveLength(1);
    expect(await eventsAbout(platform, a.bookingId, 'PaymentRefunded')).toHaveLength(0);

    const list = await parked();
    expect(list.count).toBeGreaterThan(0);
    expect(list.items.every((p) => p.reactor === 'refund-keeper' && p.attempts === 5 && p.error === `refund-keeper cannot read booking ${a.bookingId}` && p.retryRequestedAt === null)).toBe(true);
    expect(list.items.map((p) => p.eventType)).toContain('BookingCancelled');
    expect((await parked(english)).count).toBe(list.count);

    // Retried before the fix: parked again, with one more try.
    const [first] = list.items;
    expect((await admin.post(`/api/admin/parked-events/${encodeURIComponent(first!.id)}/retry`)).statusCode).toBe(202);
    expect((await parked()).items.find((p) => p.id === first!.id)?.retryRequestedAt).not.toBeNull();
    await platform.reactors.retryParked();
    expect((await parked()).items.find((p) => p.id === first!.id)).toMatchObject({ attempts: 6, retryRequestedAt: null });

    // The bug fixed, every parked event retried: each handled once, and the refund the keeper owed goes out, once.
    bug = false;
    for (const p of (await parked()).items) expect((await admin.post(`/api/admin/parked-events/${encodeURIComponent(p.id)}/retry`)).statusCode).toBe(202);
    await platform.reactors.retryParked();
    await platform.settled();
    expect((await parked()).count).toBe(0);
    platform.clock.advance(10 * 60_000);
    await platform.reactors.sweep();
    await platform.settled();
    expect(await eventsAbout(platform, a.bookingId, 'PaymentRefunded')).toHaveLength(1);
    expect(await eventsAbout(platform, b.bookingId, 'PaymentRefunded')).toHaveLength(1);

    // Gone once handled: a second retry finds nothing, in the caller's language.
    const again = await english.post(`/api/admin/parked-events/${encodeURIComponent(first!.id)}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'PARKED_EVENT_NOT_FOUND', message: 'Parked event not found.' });
  });
});
