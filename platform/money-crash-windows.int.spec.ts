import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformReactors } from '@recup/command-api/reactors/platform-reactors';
import { startReactors, type RunningReactors } from '@recup/command-api/reactors/reactor';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { CreateIntentRequest } from '@recup/infra/payments/port';
import { streams } from '@recup/shared-events';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { refundPayment } from '@recup/command-api/payments/refund-payment';
import { answerChallenge, book, bookAndPay, bookingOf, CARDS, eventsAbout, later, openPayment, payByCard, RefundsDownGateway, scheduleCourse, spotsLeft } from './money-testing';
import { CrashingEventStore } from './crashing-event-store';
import { signUpLearner, startTestPlatform, TestClient } from './testing';
import { DEMO_SELLER } from '@recup/infra/seller-identity';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

describe('crash windows: each duty is finished by the reactors', () => {
  let platform: Platform;
  let store: CrashingEventStore;
  let learner: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, eventStore: (inner) => (store = new CrashingEventStore(inner)) });
    learner = await signUpLearner(platform, 'crash.windows@example.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  const relogin = () => learner.login('crash.windows@example.test', 'learner-password');

  it('5: a crash after the refundable cancellation and before the refund was asked for still refunds, once', async () => {
    await scheduleCourse(platform, learner, 'window-5', '2026-12-10T07:00:00.000Z');
    const paid = await bookAndPay(learner, 'window-5');
    store.crashBefore('PaymentRefundRequested');
    expect((await learner.post(`/api/bookings/${paid.bookingId}/cancel`)).statusCode).toBe(500);
    expect(store.crashed).toBe(1);
    expect((await platform.adapters.eventStore.readStream(streams.booking(paid.bookingId))).map((e) => e.type)).toContain('BookingCancelled');
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentRefundRequested')).toHaveLength(0);

    await later(platform, 2 * MINUTE);
    expect(await platform.adapters.testGateway.findRefund(paid.paymentIntentId)).toMatchObject({ amount: 21_000, status: 'succeeded' });
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentRefunded')).toHaveLength(1);
    await relogin();
    expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
  });

  it('6: a crash after the charge succeeded and before the booking was confirmed keeps the spot: the booking is confirmed, its hold never expires', async () => {
    await scheduleCourse(platform, learner, 'window-6', '2026-12-11T07:00:00.000Z');
    await relogin();
    const bookingId = await book(learner, 'window-6');
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.visa);
    store.crashBefore('BookingConfirmed');
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(500);
    expect(await eventsAbout(platform, bookingId, 'PaymentSucceeded')).toHaveLength(1);

    // Well past the hold: the spot is kept, the booking confirmed with its invoice number, nothing refunded.
    for (let i = 0; i < 2; i += 1) await later(platform, 20 * MINUTE);
    expect((await platform.adapters.eventStore.readStream(streams.booking(bookingId))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed']);
    expect(await eventsAbout(platform, bookingId, 'InvoiceNumberAssigned')).toHaveLength(1);
    expect(await eventsAbout(platform, bookingId, 'PaymentRefundRequested')).toHaveLength(0);
    await relogin();
    expect(await spotsLeft(learner, 'window-6')).toBe(9);
  });

  it('6: a crash after the provider took the money and before the payment recorded it ends the same way', async () => {
    await scheduleCourse(platform, learner, 'window-6b', '2026-12-12T07:00:00.000Z');
    await relogin();
    const bookingId = await book(learner, 'window-6b');
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.challenge, bookingId);
    store.crashBefore('PaymentSucceeded');
    await answerChallenge(learner, intent.paymentIntentId, 'complete');
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(500);
    await later(platform, 31 * MINUTE);
    expect((await platform.adapters.eventStore.readStream(streams.booking(bookingId))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed']);
    expect(await eventsAbout(platform, bookingId, 'InvoiceNumberAssigned')).toHaveLength(1);
  });

  it('7: a crash after the confirmation and before the invoice number gives the invoice its number, with no gap', async () => {
    await scheduleCourse(platform, learner, 'window-7', '2026-12-13T07:00:00.000Z');
    await relogin();
    const bookingId = await book(learner, 'window-7');
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.visa);
    store.crashBefore('InvoiceNumberAssigned', 'invoiceNumbers');
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(500);
    expect(await eventsAbout(platform, bookingId, 'BookingConfirmed')).toHaveLength(1);
    expect(await eventsAbout(platform, bookingId, 'InvoiceNumberAssigned')).toHaveLength(0);

    await later(platform, MINUTE);
    const [assigned] = await eventsAbout(platform, bookingId, 'InvoiceNumberAssigned');
    expect(assigned).toBeDefined();
    const series = (await platform.adapters.eventStore.readStream(streams.invoiceNumbers(2026))).map((e) => (e.data as { sequence: number }).sequence);
    expect(series).toEqual(series.map((_, i) => i + 1));
    await relogin();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ invoice: { number: (assigned!.data as { number: string }).number } });
  });
});

describe('crash windows: refunding a confirmed booking’s payment cancels the booking', () => {
  let platform: Platform;
  let store: CrashingEventStore;
  let learner: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, eventStore: (inner) => (store = new CrashingEventStore(inner)) });
    learner = await signUpLearner(platform, 'refund.windows@example.test');
    admin = new TestClient(platform.app);
  });
  afterAll(async () => {
    await platform?.close();
  });

  const signIn = async () => {
    await learner.login('refund.windows@example.test', 'learner-password');
    await admin.login('admin@demo.test');
  };
  const bookingEvents = async (bookingId: string) => (await platform.adapters.eventStore.readStream(streams.booking(bookingId))).map((e) => e.type);

  it.each([
    ['after the booking was cancelled and before its spot was released', 'SpotReleased'],
    ['after the spot was released and before the refund was asked for', 'PaymentRefundRequested'],
  ])('a crash %s: the reactors release the seat and refund the money, once', async (_when, crashBefore) => {
    const courseId = `refund-window-${crashBefore}`;
    await scheduleCourse(platform, learner, courseId, '2026-12-14T07:00:00.000Z');
    await signIn();
    const paid = await bookAndPay(learner, courseId);
    expect(await spotsLeft(learner, courseId)).toBe(9);
    store.crashBefore(crashBefore);
    expect((await admin.post(`/api/admin/payments/${paid.paymentId}/refund`)).statusCode).toBe(500);
    expect(store.crashed).toBeGreaterThan(0);
    expect(await bookingEvents(paid.bookingId)).toContain('BookingCancelled');

    await later(platform, 2 * MINUTE);
    expect(await platform.adapters.testGateway.findRefund(paid.paymentIntentId)).toMatchObject({ amount: 21_000, status: 'succeeded' });
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentRefunded')).toHaveLength(1);
    await signIn();
    expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
    expect(await spotsLeft(learner, courseId)).toBe(10);
    // Asking again answers what the history says: refunded once.
    expect((await admin.post(`/api/admin/payments/${paid.paymentId}/refund`)).json()).toMatchObject({ code: 'PAYMENT_ALREADY_REFUNDED' });
  });

  it('a refund asked for before the booking was cancelled (a crash in between, or another way of refunding) still cancels it: no seat kept for free', async () => {
    await scheduleCourse(platform, learner, 'refund-first', '2026-12-15T07:00:00.000Z');
    await signIn();
    const paid = await bookAndPay(learner, 'refund-first');
    const adminId = ((await admin.get('/api/auth/me')).json() as { id: string }).id;
    // What the refund alone records, with no cancellation before it: the refund keeper must see to the booking.
    await refundPayment({ eventStore: platform.adapters.eventStore, payments: platform.adapters.testGateway, clock: platform.clock }, paid.paymentId, 'refunded by an administrator',
      commandMetadata({ type: 'user', userId: adminId, role: 'ADMIN' }, platform.clock.now()));
    await platform.settled();

    const cancelled = (await platform.adapters.eventStore.readStream(streams.booking(paid.bookingId))).filter((e) => e.type === 'BookingCancelled');
    expect(cancelled.map((e) => e.data)).toEqual([expect.objectContaining({ by: 'admin', cancelledBy: adminId, refundDue: true })]);
    expect(await eventsAbout(platform, paid.bookingId, 'PaymentRefunded')).toHaveLength(1);
    expect(await spotsLeft(learner, 'refund-first')).toBe(10);
    const { bookingReference } = (await bookingOf(learner, paid.bookingId))!;
    const mails = (await platform.adapters.mailer.list()).filter((m) => m.to === 'refund.windows@example.test' && m.text.includes(bookingReference));
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking-cancelled', 'booking-confirmed', 'payment-refunded']);
  });
});

/**
 * Point 8: in the distributed mode the reactors' checkpoints outlive them (MongoDB). Reactors started again
 * from those checkpoints, over an existing log, resume every pending duty.
 */
describe('reactors restarted from their stored checkpoints', () => {
  let platform: Platform;
  let learner: TestClient;
  let restarted: RunningReactors | null = null;
  const gateway = new RefundsDownGateway(':memory:');

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, payments: gateway });
    learner = await signUpLearner(platform, 'restart@example.test');
  });
  afterAll(async () => {
    await restarted?.close();
    await platform?.close();
  });

  it('expires holds, releases orphans, retries failed refunds and reconciles open payments left pending before the restart', async () => {
    const { eventStore, mailer } = platform.adapters;
    const clock = platform.clock;
    for (const id of ['restart-hold', 'restart-orphan', 'restart-refund', 'restart-open']) await scheduleCourse(platform, learner, id, '2026-12-15T07:00:00.000Z');
    const held = await book(learner, 'restart-hold');
    // What a process killed between the two appends of a booking leaves: a reservation with no booking.
    await eventStore.appendToStream(streams.course('restart-orphan'), [{
      type: 'SpotReserved',
      data: { courseId: 'restart-orphan', bookingId: '00000000-0000-4000-8000-00000000beef', userId: 'someone', reservedAt: clock.now().toISOString() },
      metadata: { actor: { type: 'system', name: 'crash' }, correlationId: 'c', causationId: 'c', occurredAt: clock.now().toISOString() },
    }]);
    const refunded = await bookAndPay(learner, 'restart-refund');
    gateway.refundsDown = true;
    expect((await learner.post(`/api/bookings/${refunded.bookingId}/cancel`)).json()).toMatchObject({ refundDue: true, refund: 'PENDING' });
    const open = await book(learner, 'restart-open');
    const openIntent = await openPayment(learner, open);
    await payByCard(learner, openIntent, CARDS.visa);
    await platform.settled();

    // The reactors stop; their checkpoints stay where they were, at the head of the log, in the processor store beside it.
    await platform.reactors.close();
    const { processorStore } = platform.adapters;
    const head = await eventStore.headPosition();
    expect(await processorStore.checkpoint('reactor:spot-keeper')).toBe(head);
    gateway.refundsDown = false;

    restarted = await startReactors({
      eventStore, store: processorStore, now: () => clock.now(), sweepIntervalMs: 3_600_000,
      reactors: await platformReactors({ eventStore, duties: processorStore, payments: gateway, mailer, clock, seller: DEMO_SELLER, siteUrl: 'http://localhost' }),
    });
    await restarted.caughtUp;
    clock.advance(31 * MINUTE);
    await restarted.sweep();
    await restarted.reached(await eventStore.headPosition(), 5000);
    await restarted.sweep();

    expect((await eventStore.readStream(streams.booking(held))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    expect((await eventStore.readStream(streams.course('restart-orphan'))).map((e) => e.type)).toEqual(['CourseScheduled', 'SpotReserved', 'SpotReleased']);
    expect(await eventsAbout(platform, refunded.bookingId, 'PaymentRefunded')).toHaveLength(1);
    expect((await eventStore.readStream(streams.booking(open))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingPaymentStarted', 'BookingConfirmed']);
    expect(await eventsAbout(platform, open, 'InvoiceNumberAssigned')).toHaveLength(1);
  });
});

/** Point 9: one booking, one live intent, even when two calls interleave. */
describe('two create-payment-intent calls at once', () => {
  let platform: Platform;
  let learner: TestClient;
  class SlowGateway extends EmbeddedTestGateway {
    readonly created = new Set<string>();
    private held: { calls: number; all: Promise<void>; release: () => void } | null = null;

    /**
     * The provider answers no create call until `calls` of them are in: the other calls run meanwhile, as on
     * several command API instances. A call that does not come (a caller that joins the attempt another way)
     * holds the others back no more than `boundMs`.
     */
    holdUntil(calls: number, boundMs = 2000) {
      let release = () => {};
      const all = new Promise<void>((resolve) => {
        release = resolve;
      });
      const bound = setTimeout(release, boundMs);
      this.held = { calls, all: all.then(() => clearTimeout(bound)), release };
    }

    override async createIntent(request: CreateIntentRequest) {
      const held = this.held;
      if (held) {
        held.calls -= 1;
        if (held.calls <= 0) held.release();
        await held.all;
      }
      const intent = await super.createIntent(request);
      this.created.add(intent.id);
      return intent;
    }
  }
  const gateway = new SlowGateway(':memory:');

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, payments: gateway });
    learner = await signUpLearner(platform, 'parallel.intents@example.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('open one provider intent for one booking, and both get it', async () => {
    await scheduleCourse(platform, learner, 'two-tabs', '2026-12-16T07:00:00.000Z');
    for (let round = 0; round < 5; round += 1) {
      const bookingId = await book(learner, round === 0 ? 'two-tabs' : await (async () => {
        const id = `two-tabs-${round}`;
        await scheduleCourse(platform, learner, id, '2026-12-16T07:00:00.000Z');
        return id;
      })());
      const before = gateway.created.size;
      gateway.holdUntil(3);
      const answers = await Promise.all([0, 1, 2].map(() => learner.post(`/api/bookings/${bookingId}/create-payment-intent`)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const ids = new Set(answers.map((a) => (a.json() as { paymentIntentId: string }).paymentIntentId));
      expect(ids.size).toBe(1);
      expect(gateway.created.size - before).toBe(1);
      expect(await eventsAbout(platform, bookingId, 'PaymentIntentCreated')).toHaveLength(1);
      expect(await eventsAbout(platform, bookingId, 'BookingPaymentStarted')).toHaveLength(1);
    }
  });
});
