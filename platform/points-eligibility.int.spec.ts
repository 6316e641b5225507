import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { streams } from '@recup/shared-events';
import type { BookingDto, CourseDto, CourseEligibilityDto } from '@recup/query-api/contracts';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('whether a course earns points, for the signed-in learner', () => {
  let platform: Platform;
  let learner: TestClient;

  async function scheduleCourse(id: string, first: string, second: string) {
    const organizationId = ((await learner.get('/api/courses/search?department=13')).json() as CourseDto[])[0]!.organization.id;
    const metadata = commandMetadata({ type: 'system', name: 'test' }, platform.clock.now());
    await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
      type: 'ScheduleCourse', courseId: id, organizationId, organizationVerified: true, now: platform.clock.now(),
      details: { title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13', startDate: `${first}T07:00:00.000Z`, endDate: `${second}T16:00:00.000Z`, price: 21_000, totalSpots: 10, antsNumber: null },
    }, { metadata });
  }

  async function book(courseId: string) {
    return ((await learner.post('/api/bookings', { earlyStartRequested: true, courseId })).json() as { id: string }).id;
  }

  async function pay(bookingId: string) {
    const intent = (await learner.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Léa Martin', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
  }

  const eligibility = async (courseId: string) => {
    const response = await learner.get(`/api/courses/${courseId}/eligibility`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CourseEligibilityDto;
  };
  const bookings = async () => (await learner.get('/api/user/bookings')).json() as BookingDto[];

  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = await signUpLearner(platform, 'lea.points@example.test');
    await scheduleCourse('december', '2026-12-10', '2026-12-11');
    await scheduleCourse('june', '2027-06-03', '2027-06-04');
    await scheduleCourse('next-december', '2027-12-13', '2027-12-14');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('earns points while the learner has no confirmed course with us, even with one waiting for payment', async () => {
    expect(await eligibility('june')).toEqual({ courseId: 'june', earnsPoints: true, eligibleFrom: null, previousCourse: null });
    const december = await book('december');
    expect((await eligibility('june')).earnsPoints).toBe(true);
    await pay(december);
  });

  it('earns none less than a year after the end of a confirmed course, and says from which day a course earns points again', async () => {
    expect(await eligibility('june')).toMatchObject({
      earnsPoints: false,
      eligibleFrom: '2027-12-12',
      previousCourse: { id: 'december', city: 'Arles', startDate: '2026-12-10T07:00:00.000Z', endDate: '2026-12-11T16:00:00.000Z' },
    });
    expect((await eligibility('next-december')).earnsPoints).toBe(true);
  });

  it('shows on each booking whether it is expected to earn points', async () => {
    const june = await book('june');
    const list = await bookings();
    expect(list.find((b) => b.id === june)?.pointsEligibility).toMatchObject({ earnsPoints: false, eligibleFrom: '2027-12-12' });
    expect(list.find((b) => b.course.id === 'december')?.pointsEligibility).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null });
  });

  it('counts a cancelled course no more', async () => {
    const december = (await bookings()).find((b) => b.course.id === 'december')!;
    expect((await learner.post(`/api/bookings/${december.id}/cancel`)).statusCode).toBe(200);
    expect((await eligibility('june')).earnsPoints).toBe(true);
    const list = await bookings();
    expect(list.find((b) => b.id === december.id)?.pointsEligibility).toBeNull();
    expect(list.find((b) => b.course.id === 'june')?.pointsEligibility?.earnsPoints).toBe(true);
  });

  it('answers only a signed-in learner, and 404 for an unknown course', async () => {
    expect((await new TestClient(platform.app).get('/api/courses/june/eligibility')).statusCode).toBe(401);
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    expect((await centre.get('/api/courses/june/eligibility')).statusCode).toBe(403);
    expect((await learner.get('/api/courses/no-such-course/eligibility')).statusCode).toBe(404);
  });
});
