import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { BookingDto } from '@recup/query-api/contracts';
import type { OrganizationCourseDto, OrganizationDashboardDto, OrganizationDto } from '@recup/query-api/contracts/organization';
import { parseCsv } from '@recup/query-api/csv/csv';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { learnerRegistration, signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('what a training centre reads: its courses, bookings, participants and papers — and nobody else’s', () => {
  let platform: Platform;
  let centre: TestClient;
  let course: CourseResponse;
  const booking = { paid: '', pending: '', approved: '', cancelled: '' };

  beforeAll(async () => {
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    const published = await centre.post('/api/courses', legalCourse(weeksLater(1)));
    expect(published.statusCode).toBe(201);
    course = published.json() as CourseResponse;

    // A learner with accents in her name, in English.
    const zoe = new TestClient(platform.app, 'en');
    const registered = await zoe.post('/api/auth/register', learnerRegistration('zoe@example.test', { firstName: 'Zoé', lastName: 'Lefèvre', password: 'learner-password', language: 'EN' }));
    expect(registered.statusCode).toBe(202);
    await platform.background.idle();
    const link = (await platform.adapters.mailer.list()).find((m) => m.to === 'zoe@example.test')!.links.find((l) => l.includes('/verify-email?'))!;
    await zoe.get(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`);
    await zoe.login('zoe@example.test', 'learner-password');
    booking.paid = await bookAndPay(zoe, course.id);

    const waiting = await signUpLearner(platform, 'waiting@example.test');
    booking.pending = ((await waiting.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    const approvedLearner = await signUpLearner(platform, 'approved@example.test');
    booking.approved = ((await approvedLearner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    expect((await centre.post(`/api/bookings/${booking.approved}/approve`)).statusCode).toBe(200);
    const leaving = await signUpLearner(platform, 'leaving@example.test');
    booking.cancelled = await bookAndPay(leaving, course.id);
    expect((await leaving.post(`/api/bookings/${booking.cancelled}/cancel`)).statusCode).toBe(200);
    centre.minPosition = await platform.adapters.eventStore.headPosition();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('reads its centre’s record, the same at both addresses of the spec', async () => {
    const record = await centre.get('/api/organization');
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ name: 'Provence Sécurité Routière', prefectApprovalReference: 'R1301300010', isVerified: true, descriptionEn: expect.any(String) });
    expect((await centre.get('/api/organization/profile')).json()).toEqual(record.json());
  });

  it('lists its courses with who is coming: confirmed, pending, places taken', async () => {
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    expect(courses.every((c) => c.organization.name === 'Provence Sécurité Routière')).toBe(true);
    expect(courses.find((c) => c.id === course.id)).toMatchObject({ status: 'SCHEDULED', totalSpots: 12, spotsLeft: 9, bookedSpots: 3, confirmedParticipants: 2, pendingBookings: 1, shortOfParticipants: false });
  });

  it('lists the bookings of one course, with the learner and the payment; or of all its courses', async () => {
    const one = (await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as BookingDto[];
    const byId = new Map(one.map((b) => [b.id, b]));
    expect(one).toHaveLength(4);
    expect(byId.get(booking.paid)).toMatchObject({ status: 'CONFIRMED', user: { firstName: 'Zoé', lastName: 'Lefèvre', email: 'zoe@example.test' }, payment: { status: 'SUCCEEDED', amount: 23_000 } });
    expect(byId.get(booking.pending)).toMatchObject({ status: 'PENDING', payment: null });
    expect(byId.get(booking.approved)).toMatchObject({ status: 'CONFIRMED', payment: null });
    expect(byId.get(booking.cancelled)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
    const all = (await centre.get('/api/organization/bookings')).json() as BookingDto[];
    expect(all.filter((b) => b.course.id === course.id)).toHaveLength(4);
  });

  it('exports the participants of one course as a CSV a French spreadsheet opens in columns, accents kept', async () => {
    const response = await centre.get(`/api/organization/courses/${course.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="participants.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual(['Référence', 'Nom', 'Prénom', 'E-mail', 'Téléphone', 'N° de permis', 'Date de naissance', 'Lieu de naissance', 'Statut', 'Paiement', 'Montant (€)', 'Réservé le', 'Cas du stagiaire']);
    const people = rows.slice(1);
    expect(people).toHaveLength(3);
    const zoe = people.find((r) => r[3] === 'zoe@example.test')!;
    expect(zoe.slice(1, 3)).toEqual(['Lefèvre', 'Zoé']);
    expect(zoe.slice(8, 11)).toEqual(['Confirmée', 'Payé', '230,00']);
    expect(people.find((r) => r[3] === 'approved@example.test')!.slice(8, 10)).toEqual(['Confirmée', 'À régler au centre']);
    expect(people.find((r) => r[3] === 'waiting@example.test')![8]).toBe('En attente');
    expect(people.some((r) => r[3] === 'leaving@example.test')).toBe(false);
  });

  it('prints the attendance sheet of a course for the prefecture', async () => {
    const response = await centre.get(`/api/organization/courses/${course.id}/attendance-sheet`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="feuille-emargement-${course.startDate.slice(0, 10)}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sums its dashboard from the same read models as its course list', async () => {
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    const dashboard = (await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto;
    const live = courses.filter((c) => c.status !== 'CANCELLED');
    expect(dashboard.scheduledCourses).toBe(courses.filter((c) => c.status === 'SCHEDULED').length);
    expect(dashboard.bookedSpots).toBe(live.reduce((s, c) => s + c.totalSpots - c.spotsLeft, 0));
    expect(dashboard.totalSpots).toBe(live.reduce((s, c) => s + c.totalSpots, 0));
    // Only money received counts: Zoé's online payment; the booking the centre approved is still due at the centre.
    // Paid online counts every payment taken, refunded what went back: received online is what the centre keeps.
    expect(dashboard.money).toEqual({ paidOnline: 46_000, refunded: 23_000, receivedOnline: 23_000, receivedAtCentre: 0, dueAtCentre: 23_000 });
    expect(dashboard.revenue).toBe(23_000);
    expect(dashboard.nextCourses.map((c) => c.id)).toEqual(courses.filter((c) => c.status === 'SCHEDULED').slice(0, 3).map((c) => c.id));
  });

  describe('another centre', () => {
    let other: TestClient;
    beforeAll(async () => {
      const admin = new TestClient(platform.app, 'en');
      await admin.login('admin@demo.test');
      const account = (await admin.post('/api/admin/users', { email: 'other.centre@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' })).json() as { id: string };
      const created = await admin.post('/api/admin/organizations', {
        name: 'Azur Conduite', address: '1 promenade des Anglais', city: 'Nice', postalCode: '06000', email: 'contact@azur-conduite.test', phoneNumber: '04 93 00 00 00',
        prefectApprovalReference: 'R1300600999', ownerUserId: account.id,
      });
      expect(created.statusCode).toBe(201);
      other = new TestClient(platform.app, 'en');
      await other.login('other.centre@example.test', 'centre-password');
      other.minPosition = admin.minPosition;
    });

    it('gets 404 on every route with the first centre’s ids, and sees none of its courses or bookings', async () => {
      const calls: Array<[string, () => Promise<{ statusCode: number }>]> = [
        ['bookings of its course', () => other.get(`/api/organization/bookings?courseId=${course.id}`)],
        ['participants export', () => other.get(`/api/organization/courses/${course.id}/export`)],
        ['attendance sheet', () => other.get(`/api/organization/courses/${course.id}/attendance-sheet`)],
        ['change its course', () => other.request('PATCH', `/api/courses/${course.id}`, legalCourse(weeksLater(1)))],
        ['delete its course', () => other.request('DELETE', `/api/courses/${course.id}`)],
        ['approve its booking', () => other.post(`/api/bookings/${booking.pending}/approve`)],
        ['publish for it', () => other.post('/api/courses', { ...legalCourse(weeksLater(2)), organizationId: course.organizationId })],
        ['publish a batch for it', () => other.post('/api/courses/batch', [{ ...legalCourse(weeksLater(2)), organizationId: course.organizationId }])],
      ];
      for (const [what, call] of calls) expect((await call()).statusCode, what).toBe(404);
      expect(((await other.get('/api/organization/courses')).json() as OrganizationCourseDto[])).toEqual([]);
      expect(((await other.get('/api/organization/bookings')).json() as BookingDto[])).toEqual([]);
      expect(((await other.get('/api/organization')).json() as OrganizationDto).name).toBe('Azur Conduite');
      // And nothing changed for the first centre.
      expect(((await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as BookingDto[]).find((b) => b.id === booking.pending)).toMatchObject({ status: 'PENDING' });
    });
  });

  it('answers an account without a centre that it must register it, and others that these reads are for centres', async () => {
    const admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    await admin.post('/api/admin/users', { email: 'new.centre@example.test', firstName: 'Inès', lastName: 'Garcia', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' });
    const fresh = new TestClient(platform.app, 'fr');
    await fresh.login('new.centre@example.test', 'centre-password');
    const none = await fresh.get('/api/organization');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'ORGANIZATION_NOT_REGISTERED', message: expect.stringMatching(/complétez le profil de votre centre/) });
    expect((await admin.get('/api/organization')).statusCode).toBe(403);
    expect((await new TestClient(platform.app).get('/api/organization/courses')).statusCode).toBe(401);
  });

  it('flags a course short of its 6 confirmed participants 10 days or less before it starts', async () => {
    // Ten days and an hour before the course starts, then nine days before.
    platform.clock.set(new Date(Date.parse(course.startDate) - 10 * 86_400_000 - 3_600_000));
    await centre.login('centre@demo.test');
    const before = ((await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[]).find((c) => c.id === course.id)!;
    expect(before).toMatchObject({ confirmedParticipants: 2, shortOfParticipants: false });
    platform.clock.set(new Date(Date.parse(course.startDate) - 9 * 86_400_000));
    await centre.login('centre@demo.test');
    const within = ((await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[]).find((c) => c.id === course.id)!;
    expect(within.shortOfParticipants).toBe(true);
    expect(((await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto).shortOfParticipants.map((c) => c.id)).toContain(course.id);
  });
});
