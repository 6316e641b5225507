import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { streams } from '@recup/shared-events';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { signUpLearner, startTestPlatform, type TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const LEARNERS = 50;

/** French law wants invoice numbers in one sequence with no gap: fifty learners paying at the same moment. */
describe('fifty payments at once', () => {
  let platform: Platform;
  let learners: TestClient[];

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 10_000 });
    learners = [];
    for (let i = 0; i < LEARNERS; i += 1) learners.push(await signUpLearner(platform, `parallel.${i}@example.test`));
    const organizationId = ((await learners[0]!.get('/api/courses/search?department=83')).json() as CourseDto[])[0]!.organization.id;
    await handleCommand(platform.adapters.eventStore, streams.course('crowded'), courseDecider, {
      type: 'ScheduleCourse', courseId: 'crowded', organizationId, organizationVerified: true, now: platform.clock.now(),
      details: { title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 avenue de la République', city: 'Toulon', postalCode: '83000', department: '83', startDate: '2026-12-18T07:00:00.000Z', endDate: '2026-12-19T16:00:00.000Z', price: 22_900, totalSpots: LEARNERS, antsNumber: null },
    }, { metadata: commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()) });
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  async function bookAndPay(learner: TestClient) {
    const placed = await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'crowded' });
    expect(placed.statusCode).toBe(201);
    const bookingId = (placed.json() as { id: string }).id;
    const intent = (await learner.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    const card = await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret, cardholderName: 'Léa Martin', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123',
    });
    expect(card.json()).toMatchObject({ status: 'succeeded' });
    const confirmed = await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(confirmed.statusCode).toBe(200);
    return bookingId;
  }

  it('gives fifty distinct, consecutive invoice numbers, one per booking', async () => {
    const bookingIds = await Promise.all(learners.map((learner) => bookAndPay(learner)));
    const assigned = (await platform.adapters.eventStore.readStream(streams.invoiceNumbers(2026))).map((e) => e.data as { bookingId: string; sequence: number; number: string });
    expect(assigned).toHaveLength(LEARNERS);
    expect(new Set(assigned.map((a) => a.bookingId))).toEqual(new Set(bookingIds));
    expect(assigned.map((a) => a.sequence)).toEqual(Array.from({ length: LEARNERS }, (_, i) => i + 1));
    expect(new Set(assigned.map((a) => a.number)).size).toBe(LEARNERS);

    // Each learner sees their own invoice number on their booking, and the course is full.
    await platform.settled();
    const numbers = await Promise.all(learners.map(async (learner, i) => ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === bookingIds[i])!.invoice?.number));
    expect(numbers.sort()).toEqual(assigned.map((a) => a.number).sort());
    expect(((await learners[0]!.get('/api/courses/crowded')).json() as CourseDto).spotsLeft).toBe(0);
  }, 120_000);
});
