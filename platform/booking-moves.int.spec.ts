import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MovePaymentIntentResponse } from '@recup/command-api/contracts/moves';
import type { BookingDto } from '@recup/query-api/contracts';
import type { TransferOptionsDto } from '@recup/query-api/contracts/moves';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { book, bookAndPay, bookingOf, CARDS, eventsAbout, later, payByCard, spotsLeft } from './money-testing';
import { centresOf, expectSpotsExact, move, moved, scheduleAt } from './move-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const MINUTE = 60_000;

describe('moving a booking to another date', () => {
  let platform: Platform;
  let learner: TestClient;
  let centre: TestClient;
  let admin: TestClient;
  let centres: { demo: string; other: string };
  const at = (day: string) => `2026-12-${day}T07:00:00.000Z`;

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    learner = await signUpLearner(platform, 'mover@example.test');
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    centres = await centresOf(learner);
  });
  afterAll(async () => {
    await platform?.close();
  });
  // Tests move the clock past the sessions' 30 idle minutes: each starts signed in again.
  beforeEach(async () => {
    await learner.login('mover@example.test', 'learner-password');
    await centre.login('centre@demo.test');
    await admin.login('admin@demo.test');
  });

  describe('at the same price', () => {
    it('keeps its reference, takes the new place, gives the old one back, moves no money, and says so in its history', async () => {
      await scheduleAt(platform, 'same-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'same-b', at('17'), { organizationId: centres.demo, place: 'aix' });
      const paid = await bookAndPay(learner, 'same-a');
      const before = await bookingOf(learner, paid.bookingId);
      expect(before!.move).toMatchObject({ allowed: true, lastDay: '2026-12-08', pending: null });

      const answer = await moved(learner, paid.bookingId, 'same-b');
      expect(answer).toMatchObject({ status: 'MOVED', courseId: 'same-b', priceBefore: 21_000, priceAfter: 21_000, refund: null, payment: null });
      await platform.settled();
      const after = await bookingOf(learner, paid.bookingId);
      expect(after).toMatchObject({ bookingReference: before!.bookingReference, status: 'CONFIRMED', course: { id: 'same-b' }, price: 21_000 });
      expect(after!.movedFrom).toEqual([expect.objectContaining({ courseId: 'same-a', by: 'learner', course: expect.objectContaining({ title: 'Arles' }) })]);
      expect(await spotsLeft(learner, 'same-a')).toBe(10);
      expect(await spotsLeft(learner, 'same-b')).toBe(9);
      const released = (await platform.adapters.eventStore.readStream('course-same-a')).filter((e) => e.type === 'SpotReleased');
      expect(released.map((e) => (e.data as { reason: string }).reason)).toEqual(['moved']);
      expect(await eventsAbout(platform, paid.bookingId, 'PaymentPartialRefundRequested', 'PaymentRefundRequested')).toHaveLength(0);
      expect((await platform.adapters.mailer.list()).filter((m) => m.to === 'mover@example.test' && m.kind === 'booking-moved')).toHaveLength(1);
      await expectSpotsExact(platform, learner);
    });

    it('cancels the invoice of the old course by its credit note and issues an invoice for the new one (README, invoices)', async () => {
      await scheduleAt(platform, 'inv-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'inv-b', at('18'), { organizationId: centres.demo, place: 'marseille', price: 18_000 });
      const paid = await bookAndPay(learner, 'inv-a');
      await moved(learner, paid.bookingId, 'inv-b');
      await platform.settled();
      const numbers = await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned');
      expect(numbers).toHaveLength(2);
      const [first, second] = numbers.map((e) => e.data as { number: string; replaces?: { number: string }; document: { amounts: { total: number }; course: { city: string }; move?: { replaces: string; difference: number } } });
      expect(second!.replaces?.number).toBe(first!.number);
      expect(second!.document).toMatchObject({ amounts: { total: 18_000 }, course: { city: 'Marseille' }, move: { replaces: first!.number, difference: -3_000 } });
      const booking = await bookingOf(learner, paid.bookingId);
      expect(booking!.invoice?.number).toBe(second!.number);
      const pdf = await learner.request('GET', `/api/bookings/${paid.bookingId}/invoice`);
      expect(pdf.statusCode).toBe(200);
      const pages = pdfText(pdf.rawPayload);
      const all = pages.join('\n');
      expect(all).toContain(first!.number);
      expect(all).toContain(`AV-${first!.number}`);
      expect(all).toContain(second!.number);
      expect(pages).toHaveLength(3);
    });
  });

  describe('to a cheaper course', () => {
    it('refunds the difference on the card used, once; a later cancellation refunds what is left, both payments in all', async () => {
      await scheduleAt(platform, 'cheap-a', at('15'), { organizationId: centres.demo, price: 21_000 });
      await scheduleAt(platform, 'cheap-b', at('16'), { organizationId: centres.other, place: 'toulon', price: 17_500 });
      const paid = await bookAndPay(learner, 'cheap-a');
      const answer = await moved(learner, paid.bookingId, 'cheap-b');
      expect(answer).toMatchObject({ status: 'MOVED', priceAfter: 17_500, refund: { amount: 3_500, status: 'REFUNDED' } });
      await platform.settled();
      const parts = await eventsAbout(platform, paid.bookingId, 'PaymentPartiallyRefunded');
      expect(parts.map((e) => (e.data as { amount: number }).amount)).toEqual([3_500]);
      const refundId = (parts[0]!.data as { refundId: string }).refundId;
      expect(await platform.adapters.testGateway.findRefund(paid.paymentIntentId, refundId)).toMatchObject({ amount: 3_500 });
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ price: 17_500, course: { id: 'cheap-b' }, payment: { status: 'SUCCEEDED' } });

      // Asked again, nothing is refunded twice.
      await later(platform, 5 * MINUTE);
      expect(await eventsAbout(platform, paid.bookingId, 'PaymentPartiallyRefunded')).toHaveLength(1);

      const cancelled = await learner.post(`/api/bookings/${paid.bookingId}/cancel`);
      expect(cancelled.json()).toMatchObject({ refundDue: true, refund: 'REFUNDED' });
      const full = await eventsAbout(platform, paid.bookingId, 'PaymentRefunded');
      expect(full.map((e) => (e.data as { amount: number }).amount)).toEqual([17_500]);
      expect(await spotsLeft(learner, 'cheap-b')).toBe(10);
      await expectSpotsExact(platform, learner);
    });
  });

  describe('to a dearer course', () => {
    it('holds the new place while the learner pays the difference by card, then completes; a cancellation refunds both payments', async () => {
      await scheduleAt(platform, 'dear-a', at('15'), { organizationId: centres.demo, price: 21_000 });
      await scheduleAt(platform, 'dear-b', at('19'), { organizationId: centres.demo, place: 'marseille', price: 25_000 });
      const paid = await bookAndPay(learner, 'dear-a');
      const answer = await moved(learner, paid.bookingId, 'dear-b');
      expect(answer).toMatchObject({ status: 'PAYMENT_REQUIRED', courseId: 'dear-b', priceAfter: 25_000, payment: { amount: 4_000, redirectUrl: `/bookings/${paid.bookingId}/move/pay` } });
      await platform.settled();
      // Both places held meanwhile; the booking unchanged, its move pending.
      expect(await spotsLeft(learner, 'dear-a')).toBe(9);
      expect(await spotsLeft(learner, 'dear-b')).toBe(9);
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: 'dear-a' }, move: { pending: { courseId: 'dear-b', amount: 4_000 } } });
      // Asked again, the same move still waits.
      expect(await moved(learner, paid.bookingId, 'dear-b')).toMatchObject({ status: 'PAYMENT_REQUIRED', payment: { amount: 4_000 } });

      const opened = await learner.post(`/api/bookings/${paid.bookingId}/transfer/payment-intent`);
      expect(opened.statusCode, opened.body).toBe(200);
      const intent = opened.json() as MovePaymentIntentResponse;
      expect(intent).toMatchObject({ amount: 4_000, course: { id: 'dear-b', price: 25_000 }, move: { fromCourseId: 'dear-a', priceBefore: 21_000, priceAfter: 25_000 } });
      // Opened again, the same attempt.
      expect(((await learner.post(`/api/bookings/${paid.bookingId}/transfer/payment-intent`)).json() as MovePaymentIntentResponse).paymentId).toBe(intent.paymentId);
      await payByCard(learner, intent, CARDS.visa);
      const confirmed = await learner.post(`/api/bookings/${paid.bookingId}/transfer/confirm-payment`, { paymentIntentId: intent.paymentIntentId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'MOVED', courseId: 'dear-b' });
      await platform.settled();
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: 'dear-b' }, price: 25_000, move: { pending: null } });
      expect(await spotsLeft(learner, 'dear-a')).toBe(10);
      expect(await spotsLeft(learner, 'dear-b')).toBe(9);
      const [invoice] = (await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned')).slice(-1);
      expect((invoice!.data as { document: { amounts: { total: number }; move: { difference: number } } }).document).toMatchObject({ amounts: { total: 25_000 }, move: { difference: 4_000 } });

      const cancelled = await learner.post(`/api/bookings/${paid.bookingId}/cancel`);
      expect(cancelled.json()).toMatchObject({ refundDue: true, refund: 'REFUNDED' });
      const refunds = await eventsAbout(platform, paid.bookingId, 'PaymentRefunded');
      expect(refunds.map((e) => (e.data as { amount: number }).amount).sort((a, b) => a - b)).toEqual([4_000, 21_000]);
      await expectSpotsExact(platform, learner);
    });

    it('not paid in time: the new place is released and the booking stays as it was', async () => {
      await scheduleAt(platform, 'late-a', at('15'), { organizationId: centres.demo, price: 21_000 });
      await scheduleAt(platform, 'late-b', at('19'), { organizationId: centres.demo, place: 'aix', price: 26_000 });
      const paid = await bookAndPay(learner, 'late-a');
      await moved(learner, paid.bookingId, 'late-b');
      const opened = (await learner.post(`/api/bookings/${paid.bookingId}/transfer/payment-intent`)).json() as MovePaymentIntentResponse;
      await platform.settled();
      expect(await spotsLeft(learner, 'late-b')).toBe(9);

      await later(platform, 31 * MINUTE);
      await learner.login('mover@example.test', 'learner-password');
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: 'late-a' }, price: 21_000, move: { pending: null } });
      expect(await spotsLeft(learner, 'late-b')).toBe(10);
      expect(await spotsLeft(learner, 'late-a')).toBe(9);
      expect((await eventsAbout(platform, paid.bookingId, 'BookingMoveAbandoned')).map((e) => (e.data as { reason: string }).reason)).toEqual(['notPaid']);
      // The attempt can no longer be paid, and paying it anyway is refused.
      const again = await learner.post(`/api/bookings/${paid.bookingId}/transfer/payment-intent`);
      expect(again.json()).toMatchObject({ code: 'MOVE_NOT_PENDING' });
      expect((await payByCard(learner, opened, CARDS.visa)).statusCode).not.toBe(200);
      await expectSpotsExact(platform, learner);
    });

    it('lets the learner give the pending move up: the held place goes back at once', async () => {
      await scheduleAt(platform, 'undo-a', at('15'), { organizationId: centres.demo, price: 21_000 });
      await scheduleAt(platform, 'undo-b', at('19'), { organizationId: centres.demo, price: 23_000 });
      const paid = await bookAndPay(learner, 'undo-a');
      await moved(learner, paid.bookingId, 'undo-b');
      expect((await learner.request('DELETE', `/api/bookings/${paid.bookingId}/transfer`)).statusCode).toBe(204);
      await platform.settled();
      expect(await spotsLeft(learner, 'undo-b')).toBe(10);
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: 'undo-a' }, move: { pending: null } });
    });
  });

  describe('is refused, with a named error in the caller’s language', () => {
    it('too late for the learner: up to 7 days before the first day', async () => {
      await scheduleAt(platform, 'soon-a', '2026-11-27T07:00:00.000Z', { organizationId: centres.demo });
      await scheduleAt(platform, 'soon-b', at('20'), { organizationId: centres.demo });
      const paid = await bookAndPay(learner, 'soon-a');
      const refused = await move(learner, paid.bookingId, 'soon-b');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'MOVE_TOO_LATE' });
      expect((refused.json() as { message: string }).message).toMatch(/7 jours avant le début du stage, soit au plus tard le vendredi 20 novembre 2026/);
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ move: { allowed: false } });
    });

    it('to the same course, to a full, cancelled or started course, or one the learner already holds; for a booking not confirmed', async () => {
      await scheduleAt(platform, 'no-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'no-full', at('16'), { organizationId: centres.demo, totalSpots: 1 });
      await scheduleAt(platform, 'no-held', at('17'), { organizationId: centres.demo });
      const other = await signUpLearner(platform, 'filler@example.test');
      await bookAndPay(other, 'no-full');
      const paid = await bookAndPay(learner, 'no-a');
      await bookAndPay(learner, 'no-held');
      const code = async (courseId: string) => ((await move(learner, paid.bookingId, courseId)).json() as { code: string }).code;
      expect(await code('no-a')).toBe('MOVE_TO_SAME_COURSE');
      expect(await code('no-full')).toBe('NO_SPOTS_LEFT');
      expect(await code('no-held')).toBe('ALREADY_BOOKED');
      expect(await code('nowhere')).toBe('MOVE_COURSE_NOT_FOUND');
      const cancelledCourse = await centre.request('DELETE', '/api/courses/no-full');
      expect(cancelledCourse.statusCode, cancelledCourse.body).toBe(200);
      expect(await code('no-full')).toBe('COURSE_CANCELLED');
      await scheduleAt(platform, 'no-unpaid', at('18'), { organizationId: centres.demo });
      const unpaid = await book(learner, 'no-unpaid');
      expect(((await move(learner, unpaid, 'no-a')).json() as { code: string }).code).toBe('BOOKING_NOT_MOVABLE');
      await expectSpotsExact(platform, learner);
    });

    it('to a course of a centre no longer verified, or one that has started', async () => {
      const profile = {
        name: 'Centre retiré', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'retire@example.test', phoneNumber: '04 91 23 45 67',
        website: 'https://retire.example.test', prefectApprovalReference: 'R1301300099', description: 'Centre agréé depuis longtemps, pour les tests.', descriptionEn: 'Approved long ago, for the tests.',
      };
      const created = await admin.post('/api/admin/organizations', profile);
      expect(created.statusCode, created.body).toBe(201);
      const withdrawn = (created.json() as { id: string }).id;
      await scheduleAt(platform, 'un-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'un-b', at('16'), { organizationId: withdrawn, place: 'marseille' });
      await scheduleAt(platform, 'started-b', new Date(platform.clock.now().getTime() + 3_600_000).toISOString(), { organizationId: centres.demo });
      expect((await admin.request('PATCH', `/api/admin/organizations/${withdrawn}`, { ...profile, isVerified: false })).statusCode).toBe(200);
      const paid = await bookAndPay(learner, 'un-a');
      const refused = await move(learner, paid.bookingId, 'un-b');
      expect(refused.json()).toMatchObject({ code: 'SELLER_NOT_VERIFIED', message: expect.stringContaining('n’est plus vérifié') });
      await later(platform, 2 * 3_600_000);
      await learner.login('mover@example.test', 'learner-password');
      expect((await move(learner, paid.bookingId, 'started-b')).json()).toMatchObject({ code: 'COURSE_ALREADY_STARTED' });
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ course: { id: 'un-a' } });
      await expectSpotsExact(platform, learner);
    });

    it('to anyone else’s booking: it does not exist (404)', async () => {
      await scheduleAt(platform, 'them-a', at('15'), { organizationId: centres.other, place: 'toulon' });
      await scheduleAt(platform, 'them-b', at('16'), { organizationId: centres.other, place: 'toulon' });
      const stranger = await signUpLearner(platform, 'stranger@example.test');
      const theirs = await bookAndPay(stranger, 'them-a');
      expect((await move(learner, theirs.bookingId, 'them-b')).statusCode).toBe(404);
      // The demo centre does not run that course.
      expect((await move(centre, theirs.bookingId, 'them-b')).statusCode).toBe(404);
      expect((await learner.get(`/api/bookings/${theirs.bookingId}/transfer-options`)).statusCode).toBe(404);
    });
  });

  describe('race for the last place', () => {
    it('lets one of two learners moving at once take it; the other is told it is full', async () => {
      await scheduleAt(platform, 'race-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'race-last', at('16'), { organizationId: centres.demo, totalSpots: 1 });
      const rival = await signUpLearner(platform, 'rival@example.test');
      await learner.login('mover@example.test', 'learner-password');
      const mine = await bookAndPay(learner, 'race-a');
      const theirs = await bookAndPay(rival, 'race-a');
      const answers = await Promise.all([move(learner, mine.bookingId, 'race-last'), move(rival, theirs.bookingId, 'race-last')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'NO_SPOTS_LEFT' });
      await platform.settled();
      expect(await spotsLeft(learner, 'race-last')).toBe(0);
      expect(await spotsLeft(learner, 'race-a')).toBe(9);
      await expectSpotsExact(platform, learner);
    });
  });

  describe('by the centre and by an administrator', () => {
    it('lets the centre move a learner between its own courses, past the learner’s cut-off, and tells the learner in their language', async () => {
      const english = await signUpLearner(platform, 'moved.by.centre@example.test', 'en');
      await scheduleAt(platform, 'ctr-a', '2026-11-28T07:00:00.000Z', { organizationId: centres.demo });
      await scheduleAt(platform, 'ctr-b', at('12'), { organizationId: centres.demo, place: 'aix', price: 25_000 });
      await scheduleAt(platform, 'ctr-other', at('12'), { organizationId: centres.other, place: 'toulon' });
      const paid = await bookAndPay(english, 'ctr-a');
      expect(((await move(centre, paid.bookingId, 'ctr-other')).json() as { code: string }).code).toBe('MOVE_TO_ANOTHER_CENTRE');
      const options = (await centre.get(`/api/bookings/${paid.bookingId}/transfer-options`)).json() as TransferOptionsDto;
      expect(options.booking.movable).toBe(true);
      expect(options.options.every((o) => o.course.organization.id === centres.demo)).toBe(true);
      // A dearer course keeps the learner's price when the centre moves them.
      const answer = await moved(centre, paid.bookingId, 'ctr-b');
      expect(answer).toMatchObject({ status: 'MOVED', priceAfter: 21_000 });
      await platform.settled();
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'moved.by.centre@example.test' && m.kind === 'booking-moved');
      expect(mail?.subject).toMatch(/Your course date has changed/);
      expect(mail?.text).toMatch(/The training centre has changed the date of your course/);
      expect(mail?.text).toMatch(/nothing is charged or refunded/);
      // The booking's convocation and calendar file, which now name the new course.
      expect(mail?.text).toContain(`Download my new convocation : http://localhost:3000/api/bookings/${paid.bookingId}/convocation`);
      expect(mail?.links).toEqual(expect.arrayContaining([`http://localhost:3000/api/bookings/${paid.bookingId}/calendar.ics`]));
      const rows = (await centre.get('/api/organization/bookings')).json() as BookingDto[];
      expect(rows.find((b) => b.id === paid.bookingId)).toMatchObject({ course: { id: 'ctr-b' }, movedFrom: [expect.objectContaining({ courseId: 'ctr-a', by: 'centre' })] });
    });

    it('lets an administrator move any booking, with no cut-off, and shows the move on the booking’s detail', async () => {
      await scheduleAt(platform, 'adm-a', '2026-11-28T07:00:00.000Z', { organizationId: centres.demo });
      await scheduleAt(platform, 'adm-b', at('14'), { organizationId: centres.other, place: 'nice', price: 19_000 });
      const paid = await bookAndPay(learner, 'adm-a');
      const answer = await moved(admin, paid.bookingId, 'adm-b');
      expect(answer).toMatchObject({ status: 'MOVED', priceAfter: 19_000, refund: { amount: 2_000 } });
      await platform.settled();
      const detail = (await admin.get(`/api/admin/bookings/${paid.bookingId}`)).json() as AdminBookingDto;
      expect(detail).toMatchObject({ course: { id: 'adm-b' }, movedFrom: [expect.objectContaining({ courseId: 'adm-a', by: 'admin' })], move: { allowed: true } });
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'mover@example.test' && m.kind === 'booking-moved' && /Notre équipe/.test(m.text));
      expect(mail?.text).toMatch(/différence de 20,00\s€ vous est remboursée/u);
    });

    it('moves a booking to be paid at the centre with no money at all, within its centre', async () => {
      await scheduleAt(platform, 'ctr-pay-a', at('15'), { organizationId: centres.demo });
      await scheduleAt(platform, 'ctr-pay-b', at('17'), { organizationId: centres.demo, price: 24_000 });
      await scheduleAt(platform, 'ctr-pay-x', at('17'), { organizationId: centres.other, place: 'toulon' });
      await learner.login('mover@example.test', 'learner-password');
      const bookingId = await book(learner, 'ctr-pay-a');
      expect((await centre.post(`/api/bookings/${bookingId}/approve`)).statusCode).toBe(200);
      expect(((await move(learner, bookingId, 'ctr-pay-x')).json() as { code: string }).code).toBe('MOVE_UNPAID_TO_ANOTHER_CENTRE');
      const answer = await moved(learner, bookingId, 'ctr-pay-b');
      expect(answer).toMatchObject({ status: 'MOVED', priceAfter: 24_000, refund: null, payment: null });
      await platform.settled();
      expect(await eventsAbout(platform, bookingId, 'PaymentIntentCreated', 'InvoiceNumberAssigned')).toHaveLength(0);
      const mails = (await platform.adapters.mailer.list()).filter((m) => m.to === 'mover@example.test' && m.kind === 'booking-moved');
      expect(mails.some((m) => /montant à régler au centre est désormais de 240,00\s€/u.test(m.text))).toBe(true);
    });
  });

  describe('the courses offered', () => {
    it('lists courses with a free place, the same department first, with distance, price difference and the points warning at the new date', async () => {
      await scheduleAt(platform, 'opt-a', at('15'), { organizationId: centres.demo, price: 21_000 });
      await scheduleAt(platform, 'opt-near', at('22'), { organizationId: centres.demo, place: 'arles', price: 23_000 });
      await scheduleAt(platform, 'opt-far', at('16'), { organizationId: centres.other, place: 'nice', price: 20_000 });
      await scheduleAt(platform, 'opt-full', at('17'), { organizationId: centres.demo, place: 'arles', totalSpots: 1 });
      const filler = await signUpLearner(platform, 'opt.filler@example.test');
      await bookAndPay(filler, 'opt-full');
      // A learner with no other course: each new date earns points.
      const chooser = await signUpLearner(platform, 'opt.chooser@example.test');
      const paid = await bookAndPay(chooser, 'opt-a');
      const options = (await chooser.get(`/api/bookings/${paid.bookingId}/transfer-options`)).json() as TransferOptionsDto;
      expect(options.booking).toMatchObject({ reference: expect.any(String), paidOnline: true, movable: true, lastDay: '2026-12-08', course: { id: 'opt-a' }, learnerCase: null });
      const ids = options.options.map((o) => o.course.id);
      expect(ids).not.toContain('opt-a');
      expect(ids).not.toContain('opt-full');
      expect(ids).toContain('opt-near');
      // Another department is offered too, on asking for it (the dialog's department choice).
      const nice = (await chooser.get(`/api/bookings/${paid.bookingId}/transfer-options?department=06`)).json() as TransferOptionsDto;
      expect(nice.options.map((o) => o.course.id)).toContain('opt-far');
      expect(nice.options.every((o) => o.course.department === '06')).toBe(true);
      const sameDepartment = options.options.filter((o) => o.sameDepartment);
      expect(options.options.slice(0, sameDepartment.length).every((o) => o.sameDepartment)).toBe(true);
      expect(options.options.find((o) => o.course.id === 'opt-near')).toMatchObject({ course: { distanceKm: 0 }, money: { kind: 'pay', amount: 2_000 }, pointsEligibility: { earnsPoints: true } });
      // At the payment of the difference, the course's own warning leaves the booking it replaces out too.
      expect((await chooser.get('/api/courses/opt-near/eligibility')).json()).toMatchObject({ earnsPoints: false });
      expect((await chooser.get(`/api/courses/opt-near/eligibility?replacing=${paid.bookingId}`)).json()).toMatchObject({ earnsPoints: true });
      expect(nice.options.find((o) => o.course.id === 'opt-far')).toMatchObject({ sameDepartment: false, money: { kind: 'refund', amount: 1_000 } });
      expect(nice.options.find((o) => o.course.id === 'opt-far')!.course.distanceKm).toBeGreaterThan(150);
    });
  });

  describe('when a centre cancels a course', () => {
    it('ends a move waiting to pay for it, and leaves the booking on its own course', async () => {
      await scheduleAt(platform, 'keep-a', at('15'), { organizationId: centres.other, place: 'toulon', price: 21_000 });
      await scheduleAt(platform, 'gone-target', at('19'), { organizationId: centres.demo, place: 'aix', price: 26_000 });
      const paid = await bookAndPay(learner, 'keep-a');
      await moved(learner, paid.bookingId, 'gone-target');
      expect((await centre.request('DELETE', '/api/courses/gone-target')).json()).toMatchObject({ cancelledBookings: 0 });
      await platform.settled();
      expect(await bookingOf(learner, paid.bookingId)).toMatchObject({ status: 'CONFIRMED', course: { id: 'keep-a' }, move: { pending: null } });
      expect((await eventsAbout(platform, paid.bookingId, 'BookingMoveAbandoned')).map((e) => (e.data as { reason: string }).reason)).toEqual(['courseCancelled']);
      expect(await eventsAbout(platform, paid.bookingId, 'BookingCancelled')).toHaveLength(0);
      await expectSpotsExact(platform, learner);
    });

    it('offers each learner the three nearest courses with a free place, each a link to book it instead, as well as the refund', async () => {
      await scheduleAt(platform, 'gone', at('21'), { organizationId: centres.demo, place: 'arles' });
      await scheduleAt(platform, 'gone-near', at('22'), { organizationId: centres.demo, place: 'arles' });
      await scheduleAt(platform, 'gone-full', at('22'), { organizationId: centres.demo, place: 'arles', totalSpots: 1 });
      const filler = await signUpLearner(platform, 'gone.filler@example.test');
      await bookAndPay(filler, 'gone-full');
      const victim = await signUpLearner(platform, 'gone.victim@example.test', 'en');
      const paid = await bookAndPay(victim, 'gone');
      expect((await centre.request('DELETE', '/api/courses/gone')).statusCode).toBe(200);
      await platform.settled();
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'gone.victim@example.test' && m.kind === 'course-cancelled');
      expect(mail?.text).toMatch(/refunded in full/);
      expect(mail?.text).toMatch(/nearest courses that still have places/);
      const offered = mail!.links.filter((link) => link.includes('?replaces='));
      expect(offered).toHaveLength(3);
      for (const link of offered) {
        const url = new URL(link);
        expect(url.searchParams.get('replaces')).toBe(paid.bookingId);
        const courseId = decodeURIComponent(url.pathname.split('/').at(-1)!);
        expect(['gone', 'gone-full']).not.toContain(courseId);
        expect(await spotsLeft(victim, courseId)).toBeGreaterThan(0);
      }
      // The nearest first: another course in Arles.
      expect(mail!.text).toMatch(/- Arles \(0 km away\), from /);
      expect(mail!.html).toContain('?replaces=');
    });
  });

  describe('and the waiting list', () => {
    const userIdOf = async (client: TestClient) => ((await client.get('/api/auth/me')).json() as { id: string }).id;
    const courseEvents = async (courseId: string) => (await platform.adapters.eventStore.readStream(`course-${courseId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

    it('offers the place a move frees to the first in line, and holds it for them: no other move nor booking takes it', async () => {
      await scheduleAt(platform, 'wl-full', at('15'), { organizationId: centres.demo, totalSpots: 1 });
      await scheduleAt(platform, 'wl-elsewhere', at('17'), { organizationId: centres.demo, place: 'aix' });
      const mover = await signUpLearner(platform, 'wl.mover@example.test');
      const paid = await bookAndPay(mover, 'wl-full');
      const waiter = await signUpLearner(platform, 'wl.waiter@example.test');
      const joined = await waiter.post('/api/courses/wl-full/waiting-list');
      expect(joined.statusCode, joined.body).toBe(201);
      await platform.settled();

      expect(await moved(mover, paid.bookingId, 'wl-elsewhere')).toMatchObject({ status: 'MOVED', courseId: 'wl-elsewhere' });
      await platform.settled();
      const events = await courseEvents('wl-full');
      expect(events.filter((e) => e.type === 'SpotReleased').map((e) => e.data.reason)).toEqual(['moved']);
      const offers = events.filter((e) => e.type === 'SpotOffered');
      expect(offers.map((e) => e.data.userId)).toEqual([await userIdOf(waiter)]);
      expect((await platform.adapters.mailer.list()).filter((m) => m.to === 'wl.waiter@example.test' && m.kind === 'spot-offered')).toHaveLength(1);

      // The place is the waiter's while the offer lasts: the search shows none, the move dialog offers none, a move back is refused.
      expect(await spotsLeft(mover, 'wl-full')).toBe(0);
      const options = (await mover.get(`/api/bookings/${paid.bookingId}/transfer-options`)).json() as TransferOptionsDto;
      expect(options.options.map((o) => o.course.id)).not.toContain('wl-full');
      const back = await move(mover, paid.bookingId, 'wl-full');
      expect(back.statusCode).toBe(409);
      expect(back.json()).toMatchObject({ code: 'NO_SPOTS_LEFT' });

      // The waiter books it as any booking, through the offer.
      const bookingId = await book(waiter, 'wl-full');
      await platform.settled();
      expect((await courseEvents('wl-full')).filter((e) => e.type === 'SpotOfferTaken').map((e) => e.data.bookingId)).toEqual([bookingId]);
      await expectSpotsExact(platform, mover);
    });

    it('does not offer a learner whose course was cancelled a course whose free place is held for someone in line', async () => {
      await scheduleAt(platform, 'wl-gone', at('23'), { organizationId: centres.demo, place: 'marseille' });
      await scheduleAt(platform, 'wl-held', at('24'), { organizationId: centres.demo, place: 'marseille', totalSpots: 1 });
      const holder = await signUpLearner(platform, 'wl.holder@example.test');
      const held = await bookAndPay(holder, 'wl-held');
      const next = await signUpLearner(platform, 'wl.next@example.test');
      expect((await next.post('/api/courses/wl-held/waiting-list')).statusCode).toBe(201);
      // The holder moves away: the place is offered to the learner in line, and held for them.
      await moved(holder, held.bookingId, 'wl-gone');
      await platform.settled();
      expect((await courseEvents('wl-held')).filter((e) => e.type === 'SpotOffered')).toHaveLength(1);

      const victim = await signUpLearner(platform, 'wl.victim@example.test');
      await bookAndPay(victim, 'wl-gone');
      expect((await centre.request('DELETE', '/api/courses/wl-gone')).statusCode).toBe(200);
      await platform.settled();
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'wl.victim@example.test' && m.kind === 'course-cancelled');
      const offered = mail!.links.filter((link) => link.includes('?replaces=')).map((link) => decodeURIComponent(new URL(link).pathname.split('/').at(-1)!));
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain('wl-held');
      for (const courseId of offered) expect(await spotsLeft(victim, courseId)).toBeGreaterThan(0);
    });
  });
});
