import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDto, AdminCourseDto, AdminOrganizationDto, AdminPaymentDto, AdminStatsDto, AdminUserDto, Paged } from '@recup/query-api/contracts/admin';
import { parse } from 'csv-parse/sync';
import { book, DECLINED_CARD, learnerAccount, PAYING_CARD, registerCentre, scheduleCourse } from './admin-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * An export as a spreadsheet opens it: in French, fields between semicolons (the comma is the decimal mark
 * there), in English between commas; every line as many fields as the header.
 */
function readCsv(body: string, lang: 'fr' | 'en' = 'fr'): string[][] {
  return parse(body, { delimiter: lang === 'fr' ? ';' : ',', bom: true, relax_quotes: false, relax_column_count: false }) as string[][];
}

describe('the administrators’ lists, exports and refunds', () => {
  let platform: Platform;
  let admin: TestClient;
  let english: TestClient;
  const ids = {} as { paid: string; paidPayment: string; paidIntent: string; declined: string; declinedPayment: string; pending: string; expired: string; lea: string; reference: string };

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = new TestClient(platform.app, 'fr');
    await admin.login('admin@demo.test');
    english = new TestClient(platform.app, 'en');
    await english.login('admin@demo.test');
    await registerCentre(platform, 'centre-arles', 'Centre Arlésien', { verified: true });
    await registerCentre(platform, 'centre-waiting', 'Centre en attente');
    await scheduleCourse(platform, 'arles-1', 'centre-arles', { city: 'Arles' });
    await scheduleCourse(platform, 'arles-2', 'centre-arles', { city: 'Tarascon', startDate: '2026-12-17T07:00:00.000Z', endDate: '2026-12-18T16:00:00.000Z' });

    const lea = await learnerAccount(platform, admin, 'lea.moreau@example.test', 'Léa', 'Moreau', TestClient);
    const hugo = await learnerAccount(platform, admin, 'hugo.petit@example.test', 'Hugo', 'Petit', TestClient);
    ids.lea = lea.id;
    const paid = await book(lea.client, 'arles-1', PAYING_CARD);
    Object.assign(ids, { paid: paid.id, paidPayment: paid.paymentId, paidIntent: paid.intentId, reference: paid.bookingReference });
    const declined = await book(hugo.client, 'arles-1', DECLINED_CARD);
    Object.assign(ids, { declined: declined.id, declinedPayment: declined.paymentId });
    platform.clock.advance(31 * 60_000);
    await platform.reactors.sweep();
    ids.expired = declined.id;
    // Sessions end after 30 idle minutes: everyone signs in again.
    await Promise.all([admin.login('admin@demo.test'), english.login('admin@demo.test'), hugo.client.login('hugo.petit@example.test', 'learner-password')]);
    ids.pending = (await book(hugo.client, 'arles-2')).id;
    await platform.settled();
    for (const client of [admin, english]) client.minPosition = Math.max(admin.minPosition, english.minPosition, lea.client.minPosition, hugo.client.minPosition);
  });
  afterAll(async () => {
    await platform.close();
  });

  describe('bookings', () => {
    it('answers the spec’s array without paging, each booking with its course, learner and payment', async () => {
      const response = await admin.get('/api/admin/bookings');
      expect(response.statusCode).toBe(200);
      const bookings = response.json() as AdminBookingDto[];
      expect(Array.isArray(bookings)).toBe(true);
      const paid = bookings.find((b) => b.id === ids.paid)!;
      expect(paid).toMatchObject({
        status: 'CONFIRMED', price: 21_000, course: { id: 'arles-1', city: 'Arles', organization: { name: 'Centre Arlésien' } },
        user: { firstName: 'Léa', lastName: 'Moreau', email: 'lea.moreau@example.test' }, payment: { id: ids.paidPayment, status: 'SUCCEEDED', amount: 21_000 },
        invoice: { number: expect.stringMatching(/^RP-2026-\d{6}$/) },
      });
      expect(bookings.find((b) => b.id === ids.expired)).toMatchObject({ status: 'CANCELLED', expired: true, payment: { status: 'FAILED' } });
      expect(bookings.map((b) => b.createdAt)).toEqual([...bookings.map((b) => b.createdAt)].sort().reverse());
    });

    it('pages, sorts and filters on the server when asked', async () => {
      const all = (await admin.get('/api/admin/bookings')).json() as AdminBookingDto[];
      const first = (await admin.get('/api/admin/bookings?page=0&pageSize=2')).json() as Paged<AdminBookingDto>;
      expect(first).toMatchObject({ total: all.length, page: 0, pageSize: 2 });
      expect(first.items.map((b) => b.id)).toEqual(all.slice(0, 2).map((b) => b.id));
      const second = (await admin.get('/api/admin/bookings?page=1&pageSize=2')).json() as Paged<AdminBookingDto>;
      expect(second.items.map((b) => b.id)).toEqual(all.slice(2, 4).map((b) => b.id));
      const byReference = (await admin.get('/api/admin/bookings?sort=reference&order=asc')).json() as AdminBookingDto[];
      expect(byReference.map((b) => b.reference)).toEqual(all.map((b) => b.reference).sort());
      // An expired booking is shown, and found, as cancelled.
      const cancelled = (await admin.get('/api/admin/bookings?status=CANCELLED&pageSize=10')).json() as Paged<AdminBookingDto>;
      expect(cancelled.items.map((b) => b.id)).toEqual([ids.expired]);
      const pending = (await admin.get('/api/admin/bookings?status=PENDING')).json() as AdminBookingDto[];
      expect(pending.map((b) => b.id)).toEqual([ids.pending]);
    });

    it('finds bookings by reference, learner name in any order or with accents left out, e-mail, course city', async () => {
      const found = async (q: string) => ((await admin.get(`/api/admin/bookings?q=${encodeURIComponent(q)}`)).json() as AdminBookingDto[]).map((b) => b.id).sort();
      expect(await found(ids.reference.toLowerCase())).toEqual([ids.paid]);
      expect(await found('moreau lea')).toEqual([ids.paid]);
      expect(await found('LÉA')).toEqual([ids.paid]);
      expect(await found('hugo.petit@')).toEqual([ids.expired, ids.pending].sort());
      expect(await found('tarascon')).toEqual([ids.pending]);
      expect(await found('nobody at all')).toEqual([]);
    });

    it('shows one booking with its payment, and says when it does not exist', async () => {
      const booking = await admin.get(`/api/admin/bookings/${ids.paid}`);
      expect(booking.json()).toMatchObject({ id: ids.paid, payment: { id: ids.paidPayment } });
      const missing = await english.get('/api/admin/bookings/no-such-booking');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND', message: 'Booking not found.' });
    });

    it('exports every matching booking as bookings_export.csv, in the caller’s language', async () => {
      const response = await admin.get('/api/admin/bookings/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="bookings_export.csv"');
      expect(response.body.startsWith('\uFEFF"Référence";"Statut";"Prénom"')).toBe(true);
      const rows = readCsv(response.body);
      const all = (await admin.get('/api/admin/bookings')).json() as AdminBookingDto[];
      expect(rows.slice(1).map((r) => r.at(-1))).toEqual(all.map((b) => b.id));
      expect(rows.find((r) => r[0] === ids.reference)).toEqual(expect.arrayContaining(['Confirmée', 'Léa', 'Moreau', '210,00', 'Payé']));
      const filtered = readCsv((await english.get('/api/admin/bookings/export?status=PENDING')).body, 'en');
      expect(filtered[0]![0]).toBe('Reference');
      expect(filtered.slice(1).map((r) => r.at(-1))).toEqual([ids.pending]);
    });
  });

  describe('payments', () => {
    it('lists every payment with its booking and learner, newest first, and filters by status', async () => {
      const payments = (await admin.get('/api/admin/payments')).json() as AdminPaymentDto[];
      expect(payments.find((p) => p.id === ids.paidPayment)).toMatchObject({
        bookingId: ids.paid, status: 'SUCCEEDED', amount: 21_000, stripePaymentIntentId: ids.paidIntent, booking: { id: ids.paid, reference: ids.reference },
        user: { firstName: 'Léa', lastName: 'Moreau' }, card: { brand: 'visa', last4: '4242' }, creditNote: null,
      });
      const failed = (await admin.get('/api/admin/payments?status=FAILED&page=0')).json() as Paged<AdminPaymentDto>;
      expect(failed.items.map((p) => p.id)).toEqual([ids.declinedPayment]);
    });

    it('searches on the server by reference, payment id, provider id, learner name or e-mail', async () => {
      const found = async (q: string) => ((await admin.get(`/api/admin/payments/search?q=${encodeURIComponent(q)}`)).json() as AdminPaymentDto[]).map((p) => p.id).sort();
      expect(await found(ids.reference)).toEqual([ids.paidPayment]);
      expect(await found(ids.paidPayment)).toEqual([ids.paidPayment]);
      expect(await found(ids.paidIntent.slice(0, 12))).toEqual([ids.paidPayment]);
      expect(await found('Moreau')).toEqual([ids.paidPayment]);
      expect(await found('hugo.petit@example.test')).toEqual([ids.declinedPayment]);
      expect(await found('zzz-nothing')).toEqual([]);
      const blank = await english.get('/api/admin/payments/search?q=%20');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'q' });
    });

    it('refunds a succeeded payment once: REFUNDED, with the credit note of its invoice', async () => {
      const spotsBefore = ((await admin.get('/api/courses/arles-1')).json() as { spotsLeft: number }).spotsLeft;
      const refunded = await admin.post(`/api/admin/payments/${ids.paidPayment}/refund`);
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toEqual({ id: ids.paidPayment, bookingId: ids.paid, refund: 'REFUNDED', bookingCancelled: true });
      // Refunding a confirmed booking's payment cancels the booking: the learner keeps no seat for free.
      const booking = (await admin.get(`/api/admin/bookings/${ids.paid}`)).json() as AdminBookingDto;
      expect(booking).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
      expect(((await admin.get('/api/courses/arles-1')).json() as { spotsLeft: number }).spotsLeft).toBe(spotsBefore + 1);
      const cancelled = (await platform.adapters.eventStore.readStream(`booking-${ids.paid}`)).find((e) => e.type === 'BookingCancelled');
      expect(cancelled?.data).toMatchObject({ by: 'admin', refundDue: true });
      await platform.settled();
      const mails = (await platform.adapters.mailer.list()).filter((m) => m.to === 'lea.moreau@example.test').map((m) => m.kind);
      expect(mails).toEqual(expect.arrayContaining(['booking-cancelled']));
      const payment = (await admin.get(`/api/admin/payments/${ids.paidPayment}`)).json() as AdminPaymentDto;
      expect(payment).toMatchObject({ status: 'REFUNDED', refundPending: false, creditNote: { number: `AV-${payment.invoice!.number}` } });
      expect(payment.refundedAt).not.toBeNull();
      const again = await english.post(`/api/admin/payments/${ids.paidPayment}/refund`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PAYMENT_ALREADY_REFUNDED', message: 'This payment has already been refunded.' });
      const refunds = (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'PaymentRefunded' && (e.data as { paymentId: string }).paymentId === ids.paidPayment);
      expect(refunds).toHaveLength(1);
      const invoice = await admin.get(`/api/bookings/${ids.paid}/invoice`);
      expect(invoice.statusCode).toBe(200);
    });

    it('refuses to refund a payment that did not succeed, one that does not exist, and a malformed id', async () => {
      const failed = await admin.post(`/api/admin/payments/${ids.declinedPayment}/refund`);
      expect(failed.statusCode).toBe(409);
      expect(failed.json()).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE', message: 'Seul un paiement réussi peut être remboursé.' });
      expect((await admin.post('/api/admin/payments/00000000-0000-4000-8000-000000000000/refund')).json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      const malformed = await admin.post('/api/admin/payments/not-a-payment/refund');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
    });

    it('exports every payment as payments_export.csv', async () => {
      const response = await english.get('/api/admin/payments/export');
      expect(response.headers['content-disposition']).toBe('attachment; filename="payments_export.csv"');
      const rows = readCsv(response.body, 'en');
      const all = (await english.get('/api/admin/payments')).json() as AdminPaymentDto[];
      expect(rows[0]).toEqual(['ID', 'Booking', 'Amount (EUR)', 'Currency', 'Status', 'Transaction', 'Date', 'Paid', 'Refunded', 'First name', 'Last name', 'Email', 'Invoice', 'Credit note', 'Booking ID']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(all.map((p) => p.id));
    });
  });

  describe('courses, centres and users', () => {
    it('lists courses with their centre, filters by centre and status, searches by centre name', async () => {
      const courses = (await admin.get('/api/admin/courses?organizationId=centre-arles')).json() as AdminCourseDto[];
      expect(courses.map((c) => c.id).sort()).toEqual(['arles-1', 'arles-2']);
      expect(courses[0]).toMatchObject({ organization: { id: 'centre-arles', name: 'Centre Arlésien' }, status: 'SCHEDULED' });
      const byName = (await admin.get('/api/admin/courses?q=arlesien&pageSize=50')).json() as Paged<AdminCourseDto>;
      expect(byName.total).toBe(2);
      expect(((await admin.get('/api/admin/courses?status=CANCELLED')).json() as AdminCourseDto[])).toEqual([]);
      const all = (await admin.get('/api/admin/courses')).json() as AdminCourseDto[];
      const csv = readCsv((await admin.get('/api/admin/courses/export')).body);
      expect(csv.slice(1).map((r) => r[0])).toEqual(all.map((c) => c.id));
    });

    it('lists centres with the pending ones, filtered by verification', async () => {
      const pending = (await admin.get('/api/admin/organizations?verified=false')).json() as AdminOrganizationDto[];
      expect(pending.map((o) => o.id)).toEqual(['centre-waiting']);
      const found = (await admin.get('/api/admin/organizations?q=arlesien')).json() as AdminOrganizationDto[];
      expect(found).toMatchObject([{ id: 'centre-arles', isVerified: true, prefectApprovalReference: 'R-13-2026-001' }]);
      const export_ = await admin.get('/api/admin/organizations/export?verified=false');
      expect(export_.headers['content-disposition']).toBe('attachment; filename="organizations_export.csv"');
      expect(readCsv(export_.body).slice(1).map((r) => r[0])).toEqual(['centre-waiting']);
    });

    it('lists users by role and search, and exports them as users_export_{date}.csv', async () => {
      const learners = (await admin.get('/api/admin/users?role=USER&q=l%C3%A9a%20moreau&page=0&pageSize=10')).json() as Paged<AdminUserDto>;
      expect(learners.items.map((u) => u.email)).toEqual(['lea.moreau@example.test']);
      const response = await admin.get('/api/admin/users/export?role=ADMIN');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="users_export_2026-11-21.csv"`);
      expect(readCsv(response.body).slice(1).map((r) => r[3])).toEqual(['admin@demo.test']);
    });
  });

  describe('exports, as a spreadsheet of the caller’s language reads them', () => {
    const EXPORTS = ['/api/admin/courses/export', '/api/admin/bookings/export', '/api/admin/payments/export', '/api/admin/organizations/export', '/api/admin/users/export'];
    const column = (rows: string[][], name: string) => {
      const index = rows[0]!.indexOf(name);
      expect(index, `column ${name} in ${rows[0]!.join('|')}`).toBeGreaterThanOrEqual(0);
      return rows.slice(1).map((row) => row[index]!);
    };

    it.each(EXPORTS)('%s: in French, semicolons, decimal commas and French dates; in English, commas, points and ISO dates', async (url) => {
      const french = await admin.get(url);
      expect(french.statusCode).toBe(200);
      expect(french.body.startsWith('\uFEFF"')).toBe(true);
      const fr = readCsv(french.body, 'fr');
      expect(fr[0]!.length).toBeGreaterThan(5);
      expect(fr.length).toBeGreaterThan(1);
      const english_ = await english.get(url);
      expect(english_.body.startsWith('\uFEFF"')).toBe(true);
      const en = readCsv(english_.body, 'en');
      expect(en[0]!.length).toBe(fr[0]!.length);
      expect(en.length).toBe(fr.length);
      // No comma between fields in French: what made French Excel show one column.
      expect(french.body.split('\r\n')[0]).not.toContain('","');

      const created = { fr: fr[0]!.find((name) => /^(Créée? le|Inscrit le|Date)$/.test(name))!, en: en[0]!.find((name) => /^(Created|Registered|Date)$/.test(name))! };
      expect(column(fr, created.fr).every((value) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(value))).toBe(true);
      expect(column(en, created.en).every((value) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value))).toBe(true);
    });

    it('writes amounts with the decimal mark of the language, and dates in Paris time', async () => {
      const fr = readCsv((await admin.get('/api/admin/bookings/export')).body, 'fr');
      const en = readCsv((await english.get('/api/admin/bookings/export')).body, 'en');
      const paidFr = fr.find((row) => row[0] === ids.reference)!;
      const paidEn = en.find((row) => row[0] === ids.reference)!;
      expect(paidFr[fr[0]!.indexOf('Montant (EUR)')]).toBe('210,00');
      expect(paidEn[en[0]!.indexOf('Amount (EUR)')]).toBe('210.00');
      // Course arles-1 starts on 10 December 2026 at 07:00 UTC: 08:00 in Paris.
      expect(paidFr[fr[0]!.indexOf('Début du stage')]).toBe('10/12/2026 08:00');
      expect(paidEn[en[0]!.indexOf('Course start')]).toBe('2026-12-10 08:00');
      const payments = readCsv((await admin.get('/api/admin/payments/export')).body, 'fr');
      expect(column(payments, 'Montant (EUR)')).toContain('210,00');
      const courses = readCsv((await admin.get('/api/admin/courses/export')).body, 'fr');
      expect(courses.find((row) => row[0] === 'arles-1')![courses[0]!.indexOf('Prix (EUR)')]).toBe('210,00');
    });

    it('never lets a spreadsheet run a field as a formula, in either language', async () => {
      await registerCentre(platform, 'centre-formula', '=HYPERLINK("https://evil.test";"Centre")', { verified: true });
      await scheduleCourse(platform, 'formula-1', 'centre-formula', { city: '@SUM(A1)' });
      await platform.settled();
      for (const [client, lang] of [[admin, 'fr'], [english, 'en']] as const) {
        const organizations = readCsv((await client.get('/api/admin/organizations/export')).body, lang);
        expect(organizations.find((row) => row[0] === 'centre-formula')![1]).toBe(`'=HYPERLINK("https://evil.test";"Centre")`);
        const courses = readCsv((await client.get('/api/admin/courses/export?organizationId=centre-formula')).body, lang);
        expect(courses[1]!.slice(1, 5)).toEqual(["'@SUM(A1)", `'=HYPERLINK("https://evil.test";"Centre")`, '12 boulevard des Lices', "'@SUM(A1)"]);
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/admin/bookings?pageSize=0', 'pageSize'],
      ['/api/admin/bookings?pageSize=1000', 'pageSize'],
      ['/api/admin/bookings?page=-1', 'page'],
      ['/api/admin/bookings?status=LOST', 'status'],
      ['/api/admin/payments?sort=password', 'sort'],
      ['/api/admin/payments?order=sideways', 'order'],
      ['/api/admin/courses?status=DONE', 'status'],
      ['/api/admin/organizations?verified=maybe', 'verified'],
      ['/api/admin/users?role=ROOT', 'role'],
      [`/api/admin/users?q=${'x'.repeat(101)}`, 'q'],
      ['/api/admin/users/export?page=abc', 'page'],
    ])('%s answers 400 naming %s', async (url, field) => {
      const response = await english.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });
  });

  it('shows the dashboard figures, with the latest bookings first', async () => {
    const stats = (await admin.get('/api/admin/stats')).json() as AdminStatsDto;
    expect(stats).toMatchObject({ pendingOrganizations: 1, recentDays: 7 });
    expect(stats.recentBookingsWithDetails[0]).toMatchObject({ id: ids.pending, courseLocation: 'Tarascon (13200)', userName: 'Hugo Petit', amount: 21_000, status: 'PENDING' });
  });
});
