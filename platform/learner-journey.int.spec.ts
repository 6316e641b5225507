import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { registerAccount } from '@recup/command-api/users/accounts';
import { hashPassword } from '@recup/infra/passwords';
import { streams } from '@recup/shared-events';
import type { CourseDto, BookingDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('a learner books and pays through every layer', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('seeds at least 40 upcoming courses across the six departments, through events', async () => {
    const courses = (await new TestClient(platform.app).get('/api/courses/search')).json() as CourseDto[];
    expect(courses.length).toBeGreaterThanOrEqual(40);
    expect(new Set(courses.map((c) => c.department))).toEqual(new Set(['04', '05', '06', '13', '83', '84']));
    const events = await platform.adapters.eventStore.readAll();
    expect(events.filter((e) => e.type === 'CourseScheduled')).toHaveLength(courses.length);
  });

  it('searches, books, pays with 4242… and sees the booking CONFIRMED and one spot fewer', async () => {
    const learner = new TestClient(platform.app);
    const [course] = (await learner.get('/api/courses/search?location=Toulon')).json() as CourseDto[];
    expect(course).toBeDefined();
    expect(course!.city).toBe('Toulon');

    const anonymous = await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course!.id });
    expect(anonymous.statusCode).toBe(401);

    await learner.login('learner@demo.test');
    const me = await learner.get('/api/auth/me');
    expect(me.json()).toMatchObject({ email: 'learner@demo.test', role: 'USER', firstName: 'Camille' });

    const booked = await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course!.id });
    expect(booked.statusCode).toBe(201);
    const booking = booked.json() as { id: string; redirectUrl: string; status: string };
    expect(booking).toMatchObject({ status: 'PENDING', redirectUrl: `/checkout/${booking.id}` });

    const intentResponse = await learner.post(`/api/bookings/${booking.id}/create-payment-intent?t=${Date.now()}`);
    expect(intentResponse.statusCode).toBe(200);
    const intent = intentResponse.json() as { paymentIntentId: string; clientSecret: string; amount: number; provider: string; course: { price: number } };
    expect(intent.provider).toBe('test');
    expect(intent.amount).toBe(course!.price);

    const card = await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123',
    });
    expect(card.json()).toMatchObject({ status: 'succeeded', lastPaymentError: null });

    const confirmed = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ bookingId: booking.id, bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' });

    // Read-your-writes: the next query waits for the projection to reach the confirmation.
    const bookings = (await learner.get('/api/user/bookings')).json() as BookingDto[];
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ id: booking.id, status: 'CONFIRMED', price: course!.price, payment: { status: 'SUCCEEDED', amount: course!.price }, invoice: { number: 'RP-2026-000001' } });
    const after = (await learner.get(`/api/courses/${course!.id}`)).json() as CourseDto;
    expect(after.spotsLeft).toBe(course!.spotsLeft - 1);

    const again = await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_BOOKED' });
  });

  it('keeps a declined card from confirming anything; another card then succeeds', async () => {
    const learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    const courses = (await learner.get('/api/courses/search?location=Nice')).json() as CourseDto[];
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: courses[0]!.id })).json() as { id: string };
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    const card = { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', expMonth: 12, expYear: 2030, cvc: '123' };

    const declined = await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { ...card, cardNumber: '4000 0000 0000 0002' });
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'card_declined' } });
    const refused = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/declined/) });
    expect(((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === booking.id)).toMatchObject({ status: 'PENDING', payment: { status: 'FAILED' } });

    await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { ...card, cardNumber: '4242424242424242' });
    const paid = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(paid.json()).toMatchObject({ bookingStatus: 'CONFIRMED' });
  });

  it('never lets the browser claim a payment the gateway did not see succeed', async () => {
    const learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    const courses = (await learner.get('/api/courses/search?location=Gap')).json() as CourseDto[];
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: courses[0]!.id })).json() as { id: string };
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string };
    const early = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
    const forged = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: 'pi_test_forged' });
    expect(forged.json()).toMatchObject({ code: 'PAYMENT_INTENT_MISMATCH' });
  });

  it('does not show one learner the booking of another', async () => {
    const { eventStore, clock } = platform.adapters;
    const metadata = commandMetadata({ type: 'system', name: 'test' }, clock.now());
    await registerAccount(eventStore, {
      userId: 'intruder', email: 'intruder@example.test', passwordHash: await hashPassword('intruder-password'), role: 'USER', verified: true,
      profile: { title: null, firstName: 'Ivo', lastName: 'Intrus', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null, postalCode: null, city: null, country: null, phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR' },
    }, metadata, clock.now());
    const owner = new TestClient(platform.app);
    await owner.login('learner@demo.test');
    const [mine] = (await owner.get('/api/user/bookings')).json() as BookingDto[];

    const intruder = new TestClient(platform.app);
    await intruder.login('intruder@example.test', 'intruder-password');
    expect((await intruder.get('/api/user/bookings')).json()).toEqual([]);
    const pay = await intruder.post(`/api/bookings/${mine!.id}/create-payment-intent`);
    expect(pay.statusCode).toBe(404);
    expect(pay.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND' });
  });
});

describe('two learners race for the last spot', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('gives one booking and one clear "no spots left"', async () => {
    const { eventStore, clock } = platform.adapters;
    const metadata = commandMetadata({ type: 'system', name: 'test' }, clock.now());
    const [any] = (await new TestClient(platform.app).get('/api/courses/search')).json() as CourseDto[];
    await handleCommand(eventStore, streams.course('last-spot'), courseDecider, {
      type: 'ScheduleCourse', courseId: 'last-spot', organizationId: any!.organization.id, organizationVerified: true, now: clock.now(),
      details: { title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '1 rue', city: 'Arles', postalCode: '13200', department: '13', startDate: '2026-12-12T07:00:00.000Z', endDate: '2026-12-13T16:00:00.000Z', price: 19_900, totalSpots: 1, antsNumber: null },
    }, { metadata });
    await registerAccount(eventStore, {
      userId: 'second', email: 'second@example.test', passwordHash: await hashPassword('second-password'), role: 'USER', verified: true,
      profile: { title: null, firstName: 'Paul', lastName: 'Second', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null, postalCode: null, city: null, country: null, phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'EN' },
    }, metadata, clock.now());

    const first = new TestClient(platform.app, 'en');
    const second = new TestClient(platform.app, 'en');
    await first.login('learner@demo.test');
    await second.login('second@example.test', 'second-password');
    const answers = await Promise.all([first.post('/api/bookings', { earlyStartRequested: true, courseId: 'last-spot' }), second.post('/api/bookings', { earlyStartRequested: true, courseId: 'last-spot' })]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(loser.json()).toMatchObject({ status: 409, code: 'NO_SPOTS_LEFT', message: 'No spots left: this course is full.' });
    const course = (await first.get('/api/courses/last-spot')).json() as CourseDto;
    expect(course.spotsLeft).toBe(0);
    const reservations = (await eventStore.readStream(streams.course('last-spot'))).filter((e) => e.type === 'SpotReserved');
    expect(reservations).toHaveLength(1);
  });
});
