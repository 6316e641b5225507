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

  async function book(courseId: string, client = learner) {
    return ((await client.post('/api/bookings', { earlyStartRequested: true, courseId })).json() as { id: string }).id;
  }

  async function pay(bookingId: string, client = learner) {
    const intent = (await client.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    await client.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Léa Martin', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await client.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
  }

  const eligibility = async (courseId: string, client = learner) => {
    const response = await client.get(`/api/courses/${courseId}/eligibility`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CourseEligibilityDto;
  };
  const bookings = async (client = learner) => (await client.get('/api/user/bookings')).json() as BookingDto[];

  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = await signUpLearner(platform, 'lea.points@example.test');
    await scheduleCourse('december', '2026-12-10', '2026-12-11');
    await scheduleCourse('june', '2027-06-03', '2027-06-04');
    await scheduleCourse('next-december', '2027-12-13', '2027-12-14');
    await scheduleCourse('january-18', '2027-01-18', '2027-01-19');
    await scheduleCourse('january-13', '2027-01-13', '2027-01-14');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('earns points while the learner has no confirmed course with us, even with one waiting for payment', async () => {
    expect(await eligibility('june')).toEqual({ courseId: 'june', earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
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
    expect(list.find((b) => b.course.id === 'december')?.pointsEligibility).toEqual({ earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] });
  });

  it('counts a cancelled course no more', async () => {
    const december = (await bookings()).find((b) => b.course.id === 'december')!;
    expect((await learner.post(`/api/bookings/${december.id}/cancel`)).statusCode).toBe(200);
    expect((await eligibility('june')).earnsPoints).toBe(true);
    const list = await bookings();
    expect(list.find((b) => b.id === december.id)?.pointsEligibility).toBeNull();
    expect(list.find((b) => b.course.id === 'june')?.pointsEligibility?.earnsPoints).toBe(true);
  });

  it('looks both ways: a course before one already paid names the course that would then earn nothing, with its dates', async () => {
    const other = await signUpLearner(platform, 'hugo.points@example.test');
    await pay(await book('january-18', other), other);
    const january18 = { id: 'january-18', city: 'Arles', startDate: '2027-01-18T07:00:00.000Z', endDate: '2027-01-19T16:00:00.000Z' };
    expect(await eligibility('january-13', other)).toMatchObject({ courseId: 'january-13', earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [january18] });
    // Unpaid, the booking takes nothing yet: it says so on the booking, before the payment.
    const january13 = await book('january-13', other);
    const pending = (await bookings(other)).find((b) => b.id === january13)!;
    expect(pending.pointsEligibility).toMatchObject({ earnsPoints: true, coursesLosingPoints: [january18] });
    expect((await bookings(other)).find((b) => b.course.id === 'january-18')?.pointsEligibility).toMatchObject({ earnsPoints: true });

    // Paid, the earlier course earns the points and the January 18 one none, from 15 January 2028.
    await pay(january13, other);
    const list = await bookings(other);
    expect(list.find((b) => b.course.id === 'january-18')?.pointsEligibility).toMatchObject({
      earnsPoints: false, eligibleFrom: '2028-01-15', previousCourse: { id: 'january-13', startDate: '2027-01-13T07:00:00.000Z', endDate: '2027-01-14T16:00:00.000Z' }, coursesLosingPoints: [],
    });
    expect(list.find((b) => b.id === january13)?.pointsEligibility).toMatchObject({ earnsPoints: true, coursesLosingPoints: [january18] });
    expect(await eligibility('january-18', other)).toMatchObject({ earnsPoints: false, previousCourse: { id: 'january-13' } });
  });

  it('answers only a signed-in learner, and 404 for an unknown course', async () => {
    expect((await new TestClient(platform.app).get('/api/courses/june/eligibility')).statusCode).toBe(401);
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    expect((await centre.get('/api/courses/june/eligibility')).statusCode).toBe(403);
    expect((await learner.get('/api/courses/no-such-course/eligibility')).statusCode).toBe(404);
  });
});
