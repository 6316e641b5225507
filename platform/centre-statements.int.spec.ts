import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { OrganizationDashboardDto } from '@recup/query-api/contracts/organization';
import type { AdminStatementSummaryDto, RevenueDto, StatementDto } from '@recup/query-api/contracts/statements';
import { parseCsv } from '@recup/query-api/csv/csv';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { parisMonthOf } from '@recup/shared-events';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const PRICE = 23_000;

/**
 * The centre's money (issue 20 §6): per course and per month what it earned, and the monthly statement of what the
 * platform owes it (online payments − refunds − the platform's commission, here 10 %), each sum in the month of
 * its Paris day; the administrators see every centre's, and mark one paid once its month is over.
 */
describe('the centre’s statements', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let other: TestClient;
  let course: CourseResponse;
  let organizationId: string;
  const booking = { november: '', lateNight: '', atCentre: '' };

  /** Every client reads what was written so far. */
  const sync = async () => {
    await platform.settled();
    const head = await platform.adapters.eventStore.headPosition();
    for (const client of [centre, admin, other]) client.minPosition = Math.max(client.minPosition, head);
  };
  const statement = async (month: string, client = centre) => (await client.get(`/api/organization/statements?month=${month}`)).json() as StatementDto;

  beforeAll(async () => {
    platform = await startTestPlatform({ config: { PLATFORM_COMMISSION_PERCENT: 10 } });
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    organizationId = ((await centre.get('/api/organization')).json() as { id: string }).id;
    course = (await centre.post('/api/courses', legalCourse(weeksLater(1)))).json() as CourseResponse;

    // Saturday 21 November: paid in November.
    const november = await signUpLearner(platform, 'novembre@example.test');
    booking.november = await bookAndPay(november, course.id);
    // Monday 30 November at 23:30 UTC: already 1 December, 00:30, in Paris.
    platform.clock.set('2026-11-30T23:30:00.000Z');
    booking.lateNight = await bookAndPay(await signUpLearner(platform, 'minuit@example.test'), course.id);
    // 2 December: November's learner cancels (over 72 hours before the start) and is refunded, in December.
    platform.clock.set('2026-12-02T10:00:00.000Z');
    // Sessions end after 30 idle minutes: everyone signs in again on the 2nd.
    await november.login('novembre@example.test', 'learner-password');
    await centre.login('centre@demo.test');
    await admin.login('admin@demo.test');
    expect((await november.post(`/api/bookings/${booking.november}/cancel`)).json()).toMatchObject({ refund: 'REFUNDED' });
    // A learner the centre approved pays at the centre, by cheque, on 2 December.
    const atCentre = await signUpLearner(platform, 'cheque@example.test');
    booking.atCentre = ((await atCentre.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    expect((await centre.post(`/api/bookings/${booking.atCentre}/approve`)).statusCode).toBe(200);
    expect((await centre.post(`/api/bookings/${booking.atCentre}/payment-received`, { method: 'CHEQUE', receivedOn: '2026-12-02' })).statusCode).toBe(200);

    const otherAccount = (await admin.post('/api/admin/users', { email: 'statements.other@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' })).json() as { id: string };
    await admin.post('/api/admin/organizations', {
      name: 'Azur Conduite', address: '1 promenade des Anglais', city: 'Nice', postalCode: '06000', email: 'contact@azur.test', phoneNumber: '04 93 00 00 00',
      prefectApprovalReference: 'R1300600999', ownerUserId: otherAccount.id,
    });
    other = new TestClient(platform.app, 'fr');
    await other.login('statements.other@example.test', 'centre-password');
    await sync();
  });
  afterAll(async () => {
    await platform.close();
  });

  describe('a month’s statement', () => {
    it('counts November’s payment in November, less the platform’s 10 %', async () => {
      const november = await statement('2026-11');
      expect(november).toMatchObject({ month: '2026-11', closed: true, paidOnline: PRICE, refunded: 0, net: PRICE, commissionPercent: 10, commission: 2_300, due: 20_700, payment: null });
      expect(november.lines).toEqual([expect.objectContaining({ bookingId: booking.november, learner: 'MARTIN Léa', courseId: course.id, courseTitle: 'Arles', date: '2026-11-21', amount: PRICE, refund: 0 })]);
    });

    it('counts a payment at 23:30 UTC on 30 November in December (its Paris day), with the refund of November’s payment', async () => {
      const december = await statement('2026-12');
      expect(december).toMatchObject({ closed: false, paidOnline: PRICE, refunded: PRICE, net: 0, commission: 0, due: 0 });
      expect(december.lines.map((l) => [l.bookingId, l.date, l.amount, l.refund])).toEqual([
        [booking.lateNight, '2026-12-01', PRICE, 0],
        [booking.november, '2026-12-02', 0, PRICE],
      ]);
    });

    it('leaves out the money received at the centre, and is empty for a month with no money', async () => {
      expect((await statement('2026-12')).lines.some((l) => l.bookingId === booking.atCentre)).toBe(false);
      expect(await statement('2026-10')).toMatchObject({ paidOnline: 0, refunded: 0, net: 0, due: 0, lines: [] });
    });

    it('equals a count over the log', async () => {
      const events = await platform.adapters.eventStore.readAll();
      const bookingsOfCourse = new Set(events.filter((e) => e.type === 'BookingPlaced' && (e.data as { courseId: string }).courseId === course.id).map((e) => (e.data as { bookingId: string }).bookingId));
      const count = (type: string, at: string, month: string) => events
        .filter((e) => e.type === type && bookingsOfCourse.has((e.data as { bookingId: string }).bookingId) && parisMonthOf((e.data as Record<string, string>)[at]!) === month)
        .reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
      for (const month of ['2026-11', '2026-12']) {
        const paid = count('PaymentSucceeded', 'succeededAt', month);
        const refunded = count('PaymentRefunded', 'refundedAt', month) + count('PaymentPartiallyRefunded', 'refundedAt', month);
        expect(await statement(month)).toMatchObject({ paidOnline: paid, refunded, net: paid - refunded });
      }
    });

    it('refuses a month that is not one, naming the field', async () => {
      const refused = await centre.get('/api/organization/statements?month=2026-13');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'month' });
    });

    it('shows another centre none of this centre’s money', async () => {
      expect(await statement('2026-11', other)).toMatchObject({ paidOnline: 0, lines: [] });
      expect((await other.get('/api/organization/revenue')).json()).toMatchObject({ courses: [], months: [] });
    });
  });

  describe('its documents', () => {
    it('is a PDF that says what is owed, lists each booking and the month rule', async () => {
      const response = await centre.get('/api/organization/statements?month=2026-11&format=pdf');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="releve-2026-11.pdf"');
      const text = pdfText(response.rawPayload).flat().join('\n');
      expect(text).toContain('Relevé mensuel des encaissements en ligne');
      expect(text).toContain('Mois : novembre 2026');
      expect(text).toMatch(/MARTIN Léa/);
      expect(text).toContain('Commission de la plateforme (10 %)');
      expect(text).toContain('Montant dû au centre');
      expect(text).toContain('207,00 €');
      expect(text).toMatch(/mois de sa date à Paris/);
      mkdirSync('test-results/statements', { recursive: true });
      writeFileSync('test-results/statements/releve-2026-12-fr.pdf', (await centre.get('/api/organization/statements?month=2026-12&format=pdf')).rawPayload);
      writeFileSync('test-results/statements/statement-2026-11-en.pdf', (await admin.get(`/api/admin/statements/${organizationId}?month=2026-11&format=pdf`)).rawPayload);
      // One page, read back from the file written (no poppler needed on a newcomer's machine).
      expect(pdfText(readFileSync('test-results/statements/releve-2026-12-fr.pdf'))).toHaveLength(1);
    });

    it('is a CSV as participants.csv is written: BOM, semicolons, CRLF, a line per booking, then the totals', async () => {
      const response = await centre.get('/api/organization/statements?month=2026-12&format=csv');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="releve-2026-12.csv"');
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.split('\r\n').length).toBeGreaterThan(3);
      const rows = parseCsv(text, ';');
      expect(rows[0]).toEqual(['Référence', 'Stagiaire', 'Stage', 'Date', 'Payé en ligne (€)', 'Remboursé (€)']);
      expect(rows[1]!.slice(1)).toEqual(['MARTIN Léa', 'Arles', '01/12/2026', '230,00', '0,00']);
      expect(rows[2]!.slice(3)).toEqual(['02/12/2026', '0,00', '230,00']);
      expect(rows.find((r) => r[2] === 'Dû au centre')![4]).toBe('0,00');
      expect(rows.find((r) => r[2] === 'État')![4]).toBe('Non payé');
    });
  });

  describe('per course and per month', () => {
    it('says what the centre earned: paid online, refunded, received at the centre, still due', async () => {
      const revenue = (await centre.get('/api/organization/revenue')).json() as RevenueDto;
      expect(revenue.courses).toEqual([expect.objectContaining({ courseId: course.id, paidOnline: 2 * PRICE, refunded: PRICE, receivedAtCentre: PRICE, dueAtCentre: 0 })]);
      expect(revenue.months).toEqual([
        { month: '2026-12', paidOnline: PRICE, refunded: PRICE, receivedAtCentre: PRICE },
        { month: '2026-11', paidOnline: PRICE, refunded: 0, receivedAtCentre: 0 },
      ]);
      expect(revenue.totals).toEqual({ paidOnline: 2 * PRICE, refunded: PRICE, receivedAtCentre: PRICE, dueAtCentre: 0 });
    });

    it('gives the dashboard the same figures', async () => {
      const dashboard = (await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto;
      expect(dashboard.money).toEqual({ paidOnline: 2 * PRICE, refunded: PRICE, receivedOnline: PRICE, receivedAtCentre: PRICE, dueAtCentre: 0 });
      expect(dashboard.revenue).toBe(2 * PRICE);
    });
  });

  describe('the administrators', () => {
    it('see every centre’s statement of the month', async () => {
      const list = (await admin.get('/api/admin/statements?month=2026-11')).json() as AdminStatementSummaryDto[];
      expect(list.find((s) => s.organization.id === organizationId)).toMatchObject({ paidOnline: PRICE, due: 20_700, bookings: 1, payment: null });
      expect(list.find((s) => s.organization.name === 'Azur Conduite')).toMatchObject({ paidOnline: 0, due: 0, bookings: 0 });
      expect((await admin.get(`/api/admin/statements/${organizationId}?month=2026-11`)).json()).toMatchObject({ due: 20_700 });
      expect((await admin.get('/api/admin/statements/no-such-centre?month=2026-11')).statusCode).toBe(404);
    });

    it('cannot mark paid a month not over yet, and are told why', async () => {
      const refused = await admin.post(`/api/admin/statements/${organizationId}/2026-12/paid`, { amount: 0 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'STATEMENT_MONTH_NOT_OVER', message: 'The statement of 2026-12 can be marked paid only once the month is over (Paris time): its figures may still change.' });
    });

    it('mark a statement paid once: who, when, how much', async () => {
      const paid = await admin.post(`/api/admin/statements/${organizationId}/2026-11/paid`, { amount: 20_700 });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ organizationId, month: '2026-11', amount: 20_700, paidAt: '2026-12-02T10:00:00.000Z' });
      const again = await admin.post(`/api/admin/statements/${organizationId}/2026-11/paid`, { amount: 20_700 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'STATEMENT_ALREADY_PAID' });
      await sync();
      expect((await statement('2026-11')).payment).toMatchObject({ amount: 20_700, paidAt: '2026-12-02T10:00:00.000Z' });
      const rows = parseCsv((await centre.get('/api/organization/statements?month=2026-11&format=csv')).rawPayload.toString('utf8'), ';');
      expect(rows.find((r) => r[2] === 'État')![4]).toBe('Payé au centre le 02/12/2026 : 207,00');
      const history = (await admin.get(`/api/admin/statements?month=2026-11`)).json() as AdminStatementSummaryDto[];
      expect(history.find((s) => s.organization.id === organizationId)!.payment).toMatchObject({ amount: 20_700 });
    });

    it('find no statement of a centre that does not exist', async () => {
      const missing = await admin.post('/api/admin/statements/no-such-centre/2026-11/paid', { amount: 0 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' });
    });
  });
});
