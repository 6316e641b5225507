import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MovePaymentIntentResponse } from '@recup/command-api/contracts/moves';
import { streams } from '@recup/shared-events';
import { CrashingEventStore } from './crashing-event-store';
import { bookAndPay, bookingOf, CARDS, eventsAbout, later, payByCard, spotsLeft } from './money-testing';
import { centresOf, expectSpotsExact, move, moved, scheduleAt } from './move-testing';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

/**
 * A move touches three streams (ARCHITECTURE, "Processes across streams"): the new course reserves the place, the
 * booking moves, the old course releases its place; then money and invoices follow. The process dies between each two
 * steps; the reactors finish (or undo) the rest, so that no booking holds two places, nor none, and every charge ends
 * kept or refunded once.
 */
describe('crash windows of a move: each step is finished by the reactors', () => {
  let platform: Platform;
  let store: CrashingEventStore;
  let learner: TestClient;
  let centres: { demo: string; other: string };
  const at = (day: string) => `2026-12-${day}T07:00:00.000Z`;
  let n = 0;
  const pair = async (priceB: number) => {
    n += 1;
    await scheduleAt(platform, `cw-${n}-a`, at('15'), { organizationId: centres.demo, price: 21_000 });
    await scheduleAt(platform, `cw-${n}-b`, at('17'), { organizationId: centres.demo, place: 'aix', price: priceB });
    return { a: `cw-${n}-a`, b: `cw-${n}-b` };
  };
  const typesOf = async (bookingId: string) => (await platform.adapters.eventStore.readStream(streams.booking(bookingId))).map((e) => e.type);

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, eventStore: (inner) => (store = new CrashingEventStore(inner)) });
    learner = await signUpLearner(platform, 'move.crash@example.test');
    centres = await centresOf(learner);
  });
  afterAll(async () => {
    await platform?.close();
  });
  beforeEach(async () => {
    await learner.login('move.crash@example.test', 'learner-password');
  });

  it('a crash after the new place was reserved and before the booking moved gives that place back; the booking keeps its own', async () => {
    const { a, b } = await pair(21_000);
    const paid = await bookAndPay(learner, a);
    // The process dies before the booking moves, and so never gives the reserved place back itself.
    store.crashBefore('BookingMoved');
    store.crashBefore('SpotReleased', 'course');
    expect((await move(learner, paid.bookingId, b)).statusCode).toBe(500);
    await platform.settled();
    expect(await spotsLeft(learner, b)).toBe(9);

    await later(platform, 3 * MINUTE);
    await learner.login('move.crash@example.test', 'learner-password');
    expect(await spotsLeft(learner, b)).toBe(10);
    expect(await spotsLeft(learner, a)).toBe(9);
    expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: a }, status: 'CONFIRMED' });
    await expectSpotsExact(platform, learner);
    // The learner may try again, and it goes through.
    expect(await moved(learner, paid.bookingId, b)).toMatchObject({ status: 'MOVED' });
  });

  it('a crash after the booking moved and before the old place was released releases it, and issues the move’s invoice', async () => {
    const { a, b } = await pair(21_000);
    const paid = await bookAndPay(learner, a);
    store.crashBefore('SpotReleased', 'course');
    expect((await move(learner, paid.bookingId, b)).statusCode).toBe(500);
    await platform.settled();
    expect(await typesOf(paid.bookingId)).toContain('BookingMoved');
    expect(await spotsLeft(learner, a)).toBe(9);
    expect(await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned')).toHaveLength(1);

    await later(platform, 3 * MINUTE);
    await learner.login('move.crash@example.test', 'learner-password');
    expect(await spotsLeft(learner, a)).toBe(10);
    expect(await spotsLeft(learner, b)).toBe(9);
    expect(await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned')).toHaveLength(2);
    await expectSpotsExact(platform, learner);
  });

  it('a crash before the difference of a cheaper course was asked back refunds it later, once', async () => {
    const { a, b } = await pair(18_000);
    const paid = await bookAndPay(learner, a);
    store.crashBefore('PaymentPartialRefundRequested');
    expect((await move(learner, paid.bookingId, b)).statusCode).toBe(500);
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentPartialRefundRequested')).toHaveLength(0);

    await later(platform, 3 * MINUTE);
    await later(platform, 3 * MINUTE);
    const parts = await eventsAbout(platform, paid.bookingId, 'PaymentPartiallyRefunded');
    expect(parts.map((e) => (e.data as { amount: number }).amount)).toEqual([3_000]);
    expect(await platform.adapters.testGateway.findRefund(paid.paymentIntentId, (parts[0]!.data as { refundId: string }).refundId)).toMatchObject({ amount: 3_000 });
    await expectSpotsExact(platform, learner);
  });

  it('a crash before the move’s invoice gives it its number later, with no gap in the series', async () => {
    const { a, b } = await pair(21_000);
    const paid = await bookAndPay(learner, a);
    store.crashBefore('InvoiceNumberAssigned', 'invoiceNumbers');
    expect((await move(learner, paid.bookingId, b)).statusCode).toBe(500);
    await later(platform, 3 * MINUTE);
    const numbers = await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned');
    expect(numbers).toHaveLength(2);
    const series = (await platform.adapters.eventStore.readStream(streams.invoiceNumbers(2026))).map((e) => (e.data as { sequence: number }).sequence);
    expect(series).toEqual(series.map((_, i) => i + 1));
  });

  it('a crash after the difference of a dearer course was taken and before the move completed completes it: the money kept, the new place kept, the old one released', async () => {
    const { a, b } = await pair(25_000);
    const paid = await bookAndPay(learner, a);
    await moved(learner, paid.bookingId, b);
    const intent = (await learner.post(`/api/bookings/${paid.bookingId}/transfer/payment-intent`)).json() as MovePaymentIntentResponse;
    await payByCard(learner, intent, CARDS.visa);
    store.crashBefore('BookingMoved');
    expect((await learner.post(`/api/bookings/${paid.bookingId}/transfer/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(500);
    expect(await typesOf(paid.bookingId)).not.toContain('BookingMoved');

    // Well past the hold: the money taken completes the move instead of the move being abandoned.
    for (let i = 0; i < 3; i += 1) await later(platform, 15 * MINUTE);
    await learner.login('move.crash@example.test', 'learner-password');
    expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: b }, price: 25_000 });
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentRefundRequested', 'BookingMoveAbandoned')).toHaveLength(0);
    expect(await spotsLeft(learner, a)).toBe(10);
    expect(await spotsLeft(learner, b)).toBe(9);
    await expectSpotsExact(platform, learner);
  });

  it('a crash after the dearer course’s place was reserved and before the move started waiting gives that place back', async () => {
    const { a, b } = await pair(25_000);
    const paid = await bookAndPay(learner, a);
    store.crashBefore('BookingMoveStarted');
    store.crashBefore('SpotReleased', 'course');
    expect((await move(learner, paid.bookingId, b)).statusCode).toBe(500);
    await platform.settled();
    expect(await spotsLeft(learner, b)).toBe(9);
    await later(platform, 3 * MINUTE);
    await learner.login('move.crash@example.test', 'learner-password');
    expect(await spotsLeft(learner, b)).toBe(10);
    expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: a }, move: { pending: null } });
    await expectSpotsExact(platform, learner);
  });
});
