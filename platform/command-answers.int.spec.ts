import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { bookAndPay, bookingOf } from './money-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 18, point 3: every command answers the state the log holds. A replay may answer 200 only when the
 * state is what the answer says; otherwise 409 names the real state.
 */
describe('a paid booking, then cancelled and refunded', () => {
  let platform: Platform;
  let learner: TestClient;
  let centre: TestClient;
  let bookingId: string;
  let paymentIntentId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    // A course of the demo centre, days away: cancelled more than 72 hours before it starts, the booking is refunded.
    const [course] = (await learner.get('/api/courses/search?department=13')).json() as CourseDto[];
    ({ bookingId, paymentIntentId } = await bookAndPay(learner, course!.id));
    const cancelled = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', refundDue: true, refund: 'REFUNDED' });
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
  });
  afterAll(async () => {
    await platform.close();
  });

  it('answers confirm-payment with 409 and the real state, not CONFIRMED / SUCCEEDED', async () => {
    const response = await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId });
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
    expect(response.json()).toMatchObject({
      code: 'BOOKING_NO_LONGER_CONFIRMED', bookingStatus: 'CANCELLED', paymentStatus: 'REFUNDED', message: 'This booking was cancelled and its payment refunded: it is no longer confirmed.',
    });
    // Nothing changed: the booking stays cancelled and refunded.
    await platform.settled();
    expect(await bookingOf(learner, bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
  });

  it('answers a replayed cancellation with the state it is in (200 CANCELLED, REFUNDED), which is true', async () => {
    const again = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'CANCELLED', refund: 'REFUNDED' });
  });

  it('answers the other commands on it with 409 naming its state', async () => {
    const pay = await learner.post(`/api/bookings/${bookingId}/create-payment-intent`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'BOOKING_NOT_PENDING', status: 409, bookingStatus: 'CANCELLED' });
    const approve = await centre.post(`/api/bookings/${bookingId}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'BOOKING_NOT_PENDING', status: 409, bookingStatus: 'CANCELLED' });
  });
});
