import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { mailReactor } from '@recup/command-api/reactors/mail-reactor';
import { streams, toDomainEvent } from '@recup/shared-events';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('the booking lifecycle', () => {
  let platform: Platform;
  let learner: TestClient;
  let centreCourse: CourseDto;
  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    // The demo centre account runs the Bouches-du-Rhône centre.
    centreCourse = ((await learner.get('/api/courses/search?department=13')).json() as CourseDto[])[0]!;
  });
  afterAll(async () => {
    await platform.close();
  });

  async function scheduleCourse(id: string, startDate: string, endDate: string) {
    const metadata = commandMetadata({ type: 'system', name: 'test' }, platform.clock.now());
    await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
      type: 'ScheduleCourse', courseId: id, organizationId: centreCourse.organization.id, organizationVerified: true, now: platform.clock.now(),
      details: { title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13', startDate, endDate, price: 21_000, totalSpots: 10, antsNumber: null },
    }, { metadata });
  }

  async function bookAndPay(courseId: string) {
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId })).json() as { id: string };
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    return booking.id;
  }

  const spotsLeft = async (courseId: string) => ((await learner.get(`/api/courses/${courseId}`)).json() as CourseDto).spotsLeft;
  const bookingOf = async (id: string) => ((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === id)!;

  it('refunds a cancellation made at least 72 hours before the start, and gives the spot back', async () => {
    await scheduleCourse('early', '2026-12-10T07:00:00.000Z', '2026-12-11T16:00:00.000Z');
    const bookingId = await bookAndPay('early');
    expect(await spotsLeft('early')).toBe(9);
    expect((await bookingOf(bookingId)).cancellation).toEqual({ allowed: true, refundDue: true });
    const invoice = await learner.get(`/api/bookings/${bookingId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toMatch(/attachment; filename="facture-RP-2026-\d{6}\.pdf"/);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const cancelled = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ bookingId, status: 'CANCELLED', refundDue: true, refund: 'REFUNDED' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
    expect(await spotsLeft('early')).toBe(10);
    // Asked again, the answer is what the booking's history says: refunded, once.
    const again = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(again.json()).toEqual({ bookingId, status: 'CANCELLED', refundDue: true, refund: 'REFUNDED' });
    const refunds = (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'PaymentRefunded' && (e.data as { bookingId: string }).bookingId === bookingId);
    expect(refunds).toHaveLength(1);

    // The learner hears of each step once: confirmed, cancelled, refunded.
    await platform.settled();
    const reference = (await bookingOf(bookingId)).bookingReference;
    const mails = async () => (await platform.adapters.mailer.list()).filter((m) => m.to === 'learner@demo.test' && m.text.includes(reference));
    expect((await mails()).map((m) => m.kind).sort()).toEqual(['booking-cancelled', 'booking-confirmed', 'payment-refunded']);
    expect((await mails()).find((m) => m.kind === 'booking-cancelled')!.text).toMatch(/refunded in full|remboursé/);

    // Every event delivered again, as after a restart: no e-mail twice.
    const redelivered = mailReactor(platform.adapters.eventStore, platform.adapters.mailer, { siteUrl: 'http://localhost', now: () => platform.clock.now() });
    for (const event of await platform.adapters.eventStore.readAll()) {
      try {
        await redelivered.handle(toDomainEvent(event));
      } catch {
        // events of unknown types are not the mail reactor's business
      }
    }
    expect(await mails()).toHaveLength(3);

    const withCreditNote = await learner.get(`/api/bookings/${bookingId}/invoice`);
    expect((withCreditNote.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
  });

  it('does not refund a cancellation made less than 72 hours before the start', async () => {
    await scheduleCourse('late', '2026-11-23T07:00:00.000Z', '2026-11-24T16:00:00.000Z');
    const bookingId = await bookAndPay('late');
    expect((await bookingOf(bookingId)).cancellation).toEqual({ allowed: true, refundDue: false });
    const cancelled = await learner.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.json()).toEqual({ bookingId, status: 'CANCELLED', refundDue: false, refund: 'NONE' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'CANCELLED', payment: { status: 'SUCCEEDED' } });
    expect(await spotsLeft('late')).toBe(10);
  });

  it('lets the learner cancel an unpaid booking: the spot goes back, the open payment attempt is cancelled at the provider, nothing is charged', async () => {
    await scheduleCourse('unpaid', '2026-12-31T07:00:00.000Z', '2027-01-01T16:00:00.000Z');
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'unpaid' })).json() as { id: string };
    // A 3-D Secure card: the attempt is left waiting for the bank's challenge.
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    const challenged = await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4000002760003184', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(challenged.json()).toMatchObject({ status: 'requires_action' });
    expect(await spotsLeft('unpaid')).toBe(9);
    expect(await bookingOf(booking.id)).toMatchObject({
      status: 'PENDING', cancellation: { allowed: true, refundDue: false },
      holdExpiresAt: new Date(platform.clock.now().getTime() + 30 * 60_000).toISOString(), ending: null,
    });

    const cancelled = await learner.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ bookingId: booking.id, status: 'CANCELLED', refundDue: false, refund: 'NONE' });
    expect(await spotsLeft('unpaid')).toBe(10);
    expect((await platform.adapters.testGateway.retrieveIntent(intent.paymentIntentId))?.status).toBe('canceled');
    // The bank's page can no longer take the money.
    expect(() => platform.adapters.testGateway.completeChallenge(intent.paymentIntentId, true)).toThrow();
    expect(await bookingOf(booking.id)).toMatchObject({
      status: 'CANCELLED', holdExpiresAt: null, cancellation: { allowed: false },
      ending: { reason: 'cancelledByLearner', at: platform.clock.now().toISOString(), money: 'notCharged' },
    });

    await platform.settled();
    const reference = (await bookingOf(booking.id)).bookingReference;
    const mail = (await platform.adapters.mailer.list()).find((m) => m.kind === 'booking-cancelled' && m.text.includes(reference));
    expect(mail?.text).toMatch(/aucun montant n’a été débité|nothing was charged/);
    expect(mail?.text).not.toMatch(/72 heures|72 hours/);
    // The administrator still cannot cancel an unpaid booking (they delete it).
    const another = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'unpaid' })).json() as { id: string };
    const admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    expect((await admin.post(`/api/bookings/${another.id}/cancel`)).json()).toMatchObject({ code: 'BOOKING_NOT_CANCELLABLE' });
  });

  it('says why a booking ended and what became of its money: expired, cancelled by the centre, refunded', async () => {
    await scheduleCourse('ending', '2027-01-14T07:00:00.000Z', '2027-01-15T16:00:00.000Z');
    const unpaid = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'ending' })).json() as { id: string };
    const holdEnd = new Date(platform.clock.now().getTime() + 30 * 60_000).toISOString();
    platform.clock.advance(31 * 60_000);
    await platform.reactors.sweep();
    await platform.settled();
    await learner.login('learner@demo.test');
    expect((await bookingOf(unpaid.id)).ending).toEqual({ reason: 'expired', at: holdEnd, money: 'notCharged' });

    const paid = await bookAndPay('ending');
    const centre = new TestClient(platform.app, 'en');
    await centre.login('centre@demo.test');
    expect((await centre.request('DELETE', '/api/courses/ending')).statusCode).toBeLessThan(300);
    await platform.settled();
    expect((await bookingOf(paid)).ending).toMatchObject({ reason: 'courseCancelled', money: 'refunded' });
  });

  it('lets only the course’s own centre approve a PENDING booking, and e-mails the learner', async () => {
    await scheduleCourse('approve', '2026-12-17T07:00:00.000Z', '2026-12-18T16:00:00.000Z');
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'approve' })).json() as { id: string };
    const centre = new TestClient(platform.app, 'en');
    await centre.login('centre@demo.test');
    const approved = await centre.post(`/api/bookings/${booking.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'CONFIRMED' });
    expect((await centre.post(`/api/bookings/${booking.id}/approve`)).statusCode).toBe(200);
    await platform.settled();
    const mails = (await platform.adapters.mailer.list()).filter((m) => m.to === 'learner@demo.test' && m.kind === 'booking-approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirmée/);

    const [otherCentreCourse] = (await learner.get('/api/courses/search?department=06')).json() as CourseDto[];
    const elsewhere = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: otherCentreCourse!.id })).json() as { id: string };
    const refused = await centre.post(`/api/bookings/${elsewhere.id}/approve`);
    expect(refused.statusCode).toBe(404);
  });

  it('lets an administrator delete a PENDING booking, and never a paid one', async () => {
    await scheduleCourse('delete', '2026-12-24T07:00:00.000Z', '2026-12-25T16:00:00.000Z');
    const pending = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'delete' })).json() as { id: string };
    const admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    expect((await admin.request('DELETE', `/api/admin/bookings/${pending.id}`)).statusCode).toBe(204);
    expect(await spotsLeft('delete')).toBe(10);
    expect(((await learner.get('/api/user/bookings')).json() as BookingDto[]).some((b) => b.id === pending.id)).toBe(false);

    const paid = await bookAndPay('delete');
    const refused = await admin.request('DELETE', `/api/admin/bookings/${paid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_NOT_PENDING' });
    const adminCancel = await admin.post(`/api/bookings/${paid}/cancel`);
    expect(adminCancel.json()).toMatchObject({ refundDue: true, refund: 'REFUNDED' });
  });

  it('refuses to pay a booking whose hold has elapsed, and invites to book again', async () => {
    await scheduleCourse('hold', '2027-01-07T07:00:00.000Z', '2027-01-08T16:00:00.000Z');
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'hold' })).json() as { id: string };
    platform.clock.advance(31 * 60_000);
    await learner.login('learner@demo.test');
    const late = await learner.post(`/api/bookings/${booking.id}/create-payment-intent`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BOOKING_HOLD_EXPIRED', message: expect.stringMatching(/book again/) });
  });
});
