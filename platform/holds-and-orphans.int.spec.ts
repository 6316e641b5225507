import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@recup/shared-events';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

describe('spots always come back', () => {
  let platform: Platform;
  let learner: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  const course = async (id: string) => (await learner.get(`/api/courses/${id}`)).json() as CourseDto;

  it('a booking left unpaid expires after the 30-minute hold, and its spot comes back', async () => {
    const [target] = (await learner.get('/api/courses/search?location=Avignon')).json() as CourseDto[];
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: target!.id })).json() as { id: string };
    expect((await course(target!.id)).spotsLeft).toBe(target!.spotsLeft - 1);

    platform.clock.advance(29 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    expect((await course(target!.id)).spotsLeft).toBe(target!.spotsLeft - 1);

    platform.clock.advance(2 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    expect((await course(target!.id)).spotsLeft).toBe(target!.spotsLeft);
    await learner.login('learner@demo.test');
    const mine = ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === booking.id);
    expect(mine?.status).toBe('CANCELLED');
    const pay = await learner.post(`/api/bookings/${booking.id}/create-payment-intent`);
    expect(pay.json()).toMatchObject({ code: 'BOOKING_HOLD_EXPIRED' });
    const types = (await platform.adapters.eventStore.readStream(streams.booking(booking.id))).map((e) => e.type);
    expect(types).toEqual(['BookingPlaced', 'BookingExpired']);
  });

  it('a crash between reserving the spot and recording the booking leaves no spot taken for ever', async () => {
    const [target] = (await learner.get('/api/courses/search?location=Gap')).json() as CourseDto[];
    const { eventStore, clock } = platform.adapters;
    // What a process killed after the first append leaves behind: a reservation with no booking.
    await eventStore.appendToStream(streams.course(target!.id), [{
      type: 'SpotReserved',
      data: { courseId: target!.id, bookingId: '00000000-0000-4000-8000-00000000dead', userId: 'someone', reservedAt: clock.now().toISOString() },
      metadata: { actor: { type: 'system', name: 'crash' }, correlationId: 'c', causationId: 'c', occurredAt: clock.now().toISOString() },
    }]);
    const taken = await course(target!.id);
    expect(taken.spotsLeft).toBe(target!.spotsLeft - 1);

    platform.clock.advance(1 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    expect((await course(target!.id)).spotsLeft).toBe(target!.spotsLeft - 1);

    platform.clock.advance(2 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    expect((await course(target!.id)).spotsLeft).toBe(target!.spotsLeft);
    const released = (await eventStore.readStream(streams.course(target!.id))).filter((e) => e.type === 'SpotReleased');
    expect(released.map((e) => (e.data as { reason: string }).reason)).toEqual(['orphaned']);
  });

  async function bookWithIntent(location: string) {
    const [target] = (await learner.get(`/api/courses/search?location=${location}`)).json() as CourseDto[];
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: target!.id })).json() as { id: string };
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    const payByCard = () => learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123',
    });
    return { target: target!, bookingId: booking.id, intent, payByCard };
  }

  it('confirms instead of expiring a booking whose card was charged but never reported (the browser closed)', async () => {
    await learner.login('learner@demo.test');
    const { bookingId, payByCard } = await bookWithIntent('Briançon');
    expect((await payByCard()).json()).toMatchObject({ status: 'succeeded' });
    platform.clock.advance(31 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    await learner.login('learner@demo.test');
    const mine = ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === bookingId);
    expect(mine).toMatchObject({ status: 'CONFIRMED', payment: { status: 'SUCCEEDED' }, invoice: { number: expect.stringMatching(/^RP-2026-/) } });
  });

  it('cancels the payment of a booking whose hold ran out: a card submitted later takes nothing, and the learner is told to book again', async () => {
    await learner.login('learner@demo.test');
    const { bookingId, intent, payByCard } = await bookWithIntent('Embrun');
    platform.clock.advance(31 * MINUTE);
    await platform.reactors.sweep();
    await platform.settled();
    await learner.login('learner@demo.test');
    const late = await payByCard();
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_INTENT_UNEXPECTED_STATE', message: expect.not.stringMatching(/PaymentIntent/) });
    expect(await platform.adapters.testGateway.retrieveIntent(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const reopen = await learner.post(`/api/bookings/${bookingId}/create-payment-intent`);
    expect(reopen.json()).toMatchObject({ code: 'BOOKING_HOLD_EXPIRED', message: expect.stringMatching(/book again/) });
    const mine = ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === bookingId);
    expect(mine).toMatchObject({ status: 'CANCELLED', payment: { status: 'FAILED' } });
  });
});

