import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { BookingDto } from '@recup/query-api/contracts';
import type { AdminBookingDto, AdminStatsDto } from '@recup/query-api/contracts/admin';
import type { OrganizationBookingDto, OrganizationDashboardDto } from '@recup/query-api/contracts/organization';
import { parseCsv } from '@recup/query-api/csv/csv';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const PRICE = 23_000;

/**
 * A booking the centre confirms unpaid is "to be paid at the centre" until the centre records the money it
 * received; only money received counts as revenue, on the centre's dashboard as on the administrators'.
 */
describe('money paid at the centre', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let course: CourseResponse;
  const booking = { online: '', approved: '', refunded: '', pending: '' };
  let approvedLearner: TestClient;

  const bookingsOfCourse = async () => new Map(((await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as OrganizationBookingDto[]).map((b) => [b.id, b]));
  const dashboard = async () => (await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto;
  /** The booking as its learner and as the administrators see it. */
  const learnerView = async (id: string) => {
    approvedLearner.minPosition = Math.max(approvedLearner.minPosition, centre.minPosition);
    return ((await approvedLearner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === id);
  };
  const adminView = async (id: string) => {
    admin.minPosition = Math.max(admin.minPosition, centre.minPosition);
    return (await admin.get(`/api/admin/bookings/${id}`)).json() as AdminBookingDto;
  };
  const adminStats = async () => {
    admin.minPosition = Math.max(admin.minPosition, centre.minPosition);
    return (await admin.get('/api/admin/stats')).json() as AdminStatsDto;
  };

  beforeAll(async () => {
    // Demo centres and courses, and no booking but this test's: the administrators' figure is this centre's.
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    course = (await centre.post('/api/courses', legalCourse(weeksLater(1)))).json() as CourseResponse;

    booking.online = await bookAndPay(await signUpLearner(platform, 'online@example.test'), course.id);
    approvedLearner = await signUpLearner(platform, 'approved@example.test');
    booking.approved = ((await approvedLearner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    expect((await centre.post(`/api/bookings/${booking.approved}/approve`)).statusCode).toBe(200);
    const leaving = await signUpLearner(platform, 'leaving@example.test');
    booking.refunded = await bookAndPay(leaving, course.id);
    expect((await leaving.post(`/api/bookings/${booking.refunded}/cancel`)).json()).toMatchObject({ refund: 'REFUNDED' });
    const waiting = await signUpLearner(platform, 'waiting@example.test');
    booking.pending = ((await waiting.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    await platform.settled();
    centre.minPosition = await platform.adapters.eventStore.headPosition();
  });
  afterAll(async () => {
    await platform.close();
  });

  describe('when the centre confirmed a booking unpaid', () => {
    it('shows it to be paid at the centre, not paid', async () => {
      const bookings = await bookingsOfCourse();
      expect(bookings.get(booking.approved)).toMatchObject({ status: 'CONFIRMED', confirmedBy: 'centre', payment: null, paidAtCentre: null, dueAtCentre: true, invoice: null });
      expect(bookings.get(booking.online)).toMatchObject({ confirmedBy: 'payment', payment: { status: 'SUCCEEDED' }, dueAtCentre: false });
      expect(bookings.get(booking.pending)).toMatchObject({ status: 'PENDING', dueAtCentre: false });
    });

    it('says so to its learner and to the administrators', async () => {
      expect(await learnerView(booking.approved)).toMatchObject({ status: 'CONFIRMED', payment: null, paidAtCentre: null, dueAtCentre: true, ending: null });
      expect(await adminView(booking.approved)).toMatchObject({ confirmedBy: 'centre', payment: null, paidAtCentre: null, dueAtCentre: true });
      expect(await adminView(booking.online)).toMatchObject({ paidAtCentre: null, dueAtCentre: false });
    });

    it('counts it as due, not as revenue, on the dashboard; and the revenue is the administrators’ figure', async () => {
      const figures = await dashboard();
      expect(figures.money).toEqual({ receivedOnline: PRICE, paidOnline: 2 * PRICE, refunded: PRICE, receivedAtCentre: 0, dueAtCentre: PRICE });
      expect(figures.revenue).toBe(PRICE);
      const stats = await adminStats();
      expect(stats).toMatchObject({ totalRevenue: PRICE, revenueOnline: PRICE, revenueAtCentre: 0 });
      expect(figures.revenue).toBe(stats.totalRevenue);
    });

    it('says so in the participants’ list', async () => {
      const rows = parseCsv((await centre.get(`/api/organization/courses/${course.id}/export`)).rawPayload.toString('utf8'), ';');
      expect(rows.find((r) => r[3] === 'approved@example.test')!.slice(8, 10)).toEqual(['Confirmée', 'À régler au centre']);
    });
  });

  describe('recording the money received', () => {
    it('refuses a day still to come, naming the field, in the caller’s language', async () => {
      const refused = await centre.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CASH', receivedOn: '2026-11-22' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'CENTRE_PAYMENT_IN_FUTURE', field: 'receivedOn', message: 'La date de réception ne peut pas être dans le futur.' });
    });

    it('refuses a booking paid online, and one the centre has not confirmed', async () => {
      const paid = await centre.post(`/api/bookings/${booking.online}/payment-received`, { method: 'CASH', receivedOn: '2026-11-21' });
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toMatchObject({ code: 'BOOKING_ALREADY_PAID' });
      const pending = await centre.post(`/api/bookings/${booking.pending}/payment-received`, { method: 'CASH', receivedOn: '2026-11-21' });
      expect(pending.statusCode).toBe(409);
      expect(pending.json()).toMatchObject({ code: 'CENTRE_PAYMENT_NOT_CONFIRMED_BY_CENTRE' });
    });

    it('is for the course’s centre only: a learner is refused, another centre finds no such booking', async () => {
      expect((await approvedLearner.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CASH', receivedOn: '2026-11-21' })).statusCode).toBe(403);
      const otherCentreAccount = (await admin.post('/api/admin/users', { email: 'money.other@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' })).json() as { id: string };
      await admin.post('/api/admin/organizations', {
        name: 'Azur Conduite', address: '1 promenade des Anglais', city: 'Nice', postalCode: '06000', email: 'contact@azur.test', phoneNumber: '04 93 00 00 00',
        prefectApprovalReference: 'R1300600999', ownerUserId: otherCentreAccount.id,
      });
      const other = new TestClient(platform.app, 'fr');
      await other.login('money.other@example.test', 'centre-password');
      expect((await other.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CASH', receivedOn: '2026-11-21' })).statusCode).toBe(404);
    });

    it('makes the booking paid at the centre, once, with no invoice of the platform', async () => {
      const recorded = await centre.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CHEQUE', receivedOn: '2026-11-21' });
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(recorded.json()).toEqual({ bookingId: booking.approved, paidAtCentre: { method: 'CHEQUE', receivedOn: '2026-11-21', amount: PRICE } });
      // The same again changes nothing; other money for it is refused.
      expect((await centre.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CHEQUE', receivedOn: '2026-11-21' })).statusCode).toBe(200);
      const again = await centre.post(`/api/bookings/${booking.approved}/payment-received`, { method: 'CASH', receivedOn: '2026-11-21' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'BOOKING_ALREADY_PAID_AT_CENTRE', message: expect.stringContaining('chèque, reçu le samedi 21 novembre 2026') });
      await platform.settled();
      expect((await bookingsOfCourse()).get(booking.approved)).toMatchObject({ paidAtCentre: { method: 'CHEQUE', receivedOn: '2026-11-21', amount: PRICE }, dueAtCentre: false, invoice: null });
      expect((await approvedLearner.get(`/api/bookings/${booking.approved}/invoice`)).statusCode).toBe(404);
      const rows = parseCsv((await centre.get(`/api/organization/courses/${course.id}/export`)).rawPayload.toString('utf8'), ';');
      expect(rows.find((r) => r[3] === 'approved@example.test')![9]).toBe('Réglé au centre (chèque, 21/11/2026)');
      // Its learner and the administrators see the same.
      const paid = { paidAtCentre: { method: 'CHEQUE', receivedOn: '2026-11-21', amount: PRICE }, dueAtCentre: false };
      expect(await learnerView(booking.approved)).toMatchObject({ status: 'CONFIRMED', payment: null, ...paid });
      expect(await adminView(booking.approved)).toMatchObject({ payment: null, ...paid });
    });

    it('then counts it as received at the centre, and the centre’s revenue still equals the administrators’', async () => {
      const figures = await dashboard();
      expect(figures.money).toEqual({ receivedOnline: PRICE, paidOnline: 2 * PRICE, refunded: PRICE, receivedAtCentre: PRICE, dueAtCentre: 0 });
      expect(figures.revenue).toBe(2 * PRICE);
      const stats = await adminStats();
      expect(stats).toMatchObject({ totalRevenue: 2 * PRICE, revenueOnline: PRICE, revenueAtCentre: PRICE, totalPayments: 1 });
      expect(figures.revenue).toBe(stats.totalRevenue);
    });
  });

  describe('when a booking paid at the centre is cancelled', () => {
    it('says it was paid at the centre, never that nothing was charged', async () => {
      const cancelled = await admin.post(`/api/bookings/${booking.approved}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ refund: 'NONE' });
      await platform.settled();
      centre.minPosition = await platform.adapters.eventStore.headPosition();
      const seen = await learnerView(booking.approved);
      expect(seen).toMatchObject({ status: 'CANCELLED', ending: { reason: 'cancelledByAdmin', money: 'paidAtCentre' }, dueAtCentre: false });
      expect(seen!.ending!.money).not.toBe('notCharged');
      // The learner's mail says the same: the centre, which has the money, refunds it.
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'approved@example.test' && m.kind === 'booking-cancelled');
      expect(mail?.text).toContain('Vous aviez réglé cette réservation au centre de formation : c’est lui qui vous la rembourse');
      expect(mail?.text).not.toContain('aucun montant n’a été débité');
    });
  });
});
