import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingOf, CARDS, eventsAbout, openPayment, payByCard, scheduleCourse } from './money-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const DAY = 24 * 3_600_000;

/**
 * Issue 18, point 11: the terms say what the product does. A distance purchase may be withdrawn from for 14
 * days, refunded in full; a course that starts within those 14 days is booked only at the learner's express
 * request, and then the 72-hour rule alone applies.
 */
describe('the 14-day right of withdrawal', () => {
  let platform: Platform;
  let learner: TestClient;
  beforeAll(async () => {
    // Saturday 21 November 2026, 10:00 in Paris.
    platform = await startTestPlatform({ now: '2026-11-21T09:00:00.000Z' });
    learner = new TestClient(platform.app, 'fr');
    await learner.login('learner@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('takes no booking of a course starting within 14 days unless the learner asks for that start, and records the request', async () => {
    await scheduleCourse(platform, learner, 'soon', '2026-12-04T07:00:00.000Z');
    const refused = await learner.post('/api/bookings', { courseId: 'soon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'EARLY_START_NOT_REQUESTED', field: 'earlyStartRequested', message: expect.stringMatching(/^Ce stage commence dans moins de 14 jours/) });
    expect((await learner.post('/api/bookings', { courseId: 'soon', earlyStartRequested: false })).statusCode).toBe(400);
    await platform.settled();
    expect(((await learner.get('/api/courses/soon')).json() as { spotsLeft: number }).spotsLeft).toBe(10);

    const booked = await learner.post('/api/bookings', { courseId: 'soon', earlyStartRequested: true });
    expect(booked.statusCode).toBe(201);
    const [placed] = await eventsAbout(platform, (booked.json() as { id: string }).id, 'BookingPlaced');
    expect(placed).toMatchObject({ data: { earlyStartRequested: true } });
  });

  it('books a later course without the question, and refunds its cancellation within the 14 days, even within 72 hours of the start', async () => {
    // Monday 7 December: the withdrawal period runs to the end of Saturday 5 December.
    await scheduleCourse(platform, learner, 'later', '2026-12-07T07:00:00.000Z');
    const booked = await learner.post('/api/bookings', { courseId: 'later' });
    expect(booked.statusCode).toBe(201);
    const bookingId = (booked.json() as { id: string }).id;
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.visa);
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);

    // Saturday 5 December, 20:00 in Paris: 35 hours before the start, the last day of the period.
    platform.clock.set('2026-12-05T19:00:00.000Z');
    await learner.login('learner@demo.test');
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ cancellation: { allowed: true, refundDue: true } });
    const cancelled = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', refundDue: true, refund: 'REFUNDED' });
  });

  it('does not refund once the period is over and the start is less than 72 hours away', async () => {
    platform.clock.set('2026-11-21T09:00:00.000Z');
    await scheduleCourse(platform, learner, 'later-2', '2026-12-07T07:00:00.000Z');
    await learner.login('learner@demo.test');
    const bookingId = ((await learner.post('/api/bookings', { courseId: 'later-2' })).json() as { id: string }).id;
    const intent = await openPayment(learner, bookingId);
    await payByCard(learner, intent, CARDS.visa);
    await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    platform.clock.set(new Date(Date.parse('2026-12-07T07:00:00.000Z') - DAY));
    await learner.login('learner@demo.test');
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ cancellation: { allowed: true, refundDue: false } });
    expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).json()).toMatchObject({ refundDue: false, refund: 'NONE' });
  });
});
