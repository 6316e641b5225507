import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { BookingDto } from '@recup/query-api/contracts';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import type { CourseAttendanceDto } from '@recup/query-api/contracts/attendance';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { bookAndPay, legalCourse } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const ALL = ['DAY1_MORNING', 'DAY1_AFTERNOON', 'DAY2_MORNING', 'DAY2_AFTERNOON'] as const;
const row = (bookingId: string, presence: (halfDay: (typeof ALL)[number]) => string) => ALL.map((halfDay) => ({ bookingId, halfDay, presence: presence(halfDay) }));

/**
 * After the course (issue 20 §1–2): the centre records who came, half-day by half-day, within its 15 days; each change
 * is an event in the booking's history; the learner who came to all four half-days gets the attestation (PDF, e-mail,
 * with the 48N refund's steps when that is their case); the one who missed one sees the course not completed. The
 * clock is moved by hand; the reactors' sweep runs what fell due.
 */
describe('attendance and attestations', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let lea: TestClient;
  let ben: TestClient;
  let course: CourseResponse;
  const booking = { lea: '', ben: '', pending: '' };

  async function at(iso: string) {
    platform.clock.set(iso);
    await platform.reactors.sweep();
    await platform.settled();
    // Sessions end after 30 idle minutes of the platform's clock: everyone signs in again.
    await centre.login('centre@demo.test');
    await admin.login('admin@demo.test');
    await lea.login('lea.attend@example.test', 'learner-password');
    await ben.login('ben.attend@example.test', 'learner-password');
    const head = await platform.adapters.eventStore.headPosition();
    for (const client of [centre, admin, lea, ben]) client.minPosition = head;
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    course = (await centre.post('/api/courses', legalCourse())).json() as CourseResponse;
    lea = await signUpLearner(platform, 'lea.attend@example.test', 'fr');
    booking.lea = await bookAndPay(lea, course.id);
    expect((await lea.request('PUT', `/api/bookings/${booking.lea}/case`, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-02' })).statusCode).toBe(200);
    ben = await signUpLearner(platform, 'ben.attend@example.test', 'en');
    booking.ben = await bookAndPay(ben, course.id);
    const waiting = await signUpLearner(platform, 'pending.attend@example.test');
    booking.pending = ((await waiting.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    await at('2026-11-21T10:00:00.000Z');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('names the course’s two facilitators, shown with the centre’s course', async () => {
    const facilitators = [{ role: 'ROAD_SAFETY_EXPERT', name: 'Jean Martin' }, { role: 'PSYCHOLOGIST', name: 'Claire Petit' }];
    const named = await centre.request('PUT', `/api/organization/courses/${course.id}/facilitators`, { facilitators });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({ courseId: course.id, facilitators });
    const twice = await centre.request('PUT', `/api/organization/courses/${course.id}/facilitators`, { facilitators: [facilitators[0], { role: 'ROAD_SAFETY_EXPERT', name: 'Paul' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'FACILITATOR_ROLE_REPEATED', field: 'facilitators' });
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    expect(courses.find((c) => c.id === course.id)?.facilitators).toEqual(facilitators);
  });

  it('refuses attendance before the course’s first day, and answers no attestation before the course', async () => {
    const early = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries: row(booking.lea, () => 'PRESENT') });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'ATTENDANCE_NOT_OPEN_YET' });
    expect((early.json() as { detail?: string; message?: string }).message ?? early.body).toMatch(/premier jour/);
    expect((await lea.get(`/api/bookings/${booking.lea}/attestation`)).statusCode).toBe(404);
    const sheet = (await centre.get(`/api/organization/courses/${course.id}/attendance`)).json() as CourseAttendanceDto;
    expect(sheet.window).toMatchObject({ open: false });
    expect(sheet.participants.map((p) => p.bookingId).sort()).toEqual([booking.lea, booking.ben].sort());
    expect(sheet.participants.every((p) => p.attendance === null)).toBe(true);
  });

  it('records the first half-day during the course, and refuses a booking that holds no place', async () => {
    await at('2026-12-04T12:30:00.000Z');
    const morning = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, {
      entries: [{ bookingId: booking.lea, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }, { bookingId: booking.ben, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }],
    });
    expect(morning.statusCode, morning.body).toBe(200);
    expect(morning.json()).toMatchObject({ changed: 2 });
    const pending = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries: [{ bookingId: booking.pending, halfDay: 'DAY1_MORNING', presence: 'PRESENT' }] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'ATTENDANCE_NEEDS_HELD_BOOKING' });
  });

  it('after the course: one learner present throughout, one absent one half-day; saving again changes nothing', async () => {
    await at('2026-12-06T09:00:00.000Z');
    const entries = [...row(booking.lea, () => 'PRESENT'), ...row(booking.ben, (h) => (h === 'DAY2_AFTERNOON' ? 'ABSENT' : 'PRESENT'))];
    const saved = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ changed: 2 });
    const again = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries });
    expect(again.json()).toMatchObject({ changed: 0 });
    await at('2026-12-06T09:01:00.000Z');

    const sheet = (await centre.get(`/api/organization/courses/${course.id}/attendance`)).json() as CourseAttendanceDto;
    const byId = new Map(sheet.participants.map((p) => [p.bookingId, p]));
    expect(byId.get(booking.lea)).toMatchObject({ attendance: { outcome: 'COMPLETED' }, attestationAvailable: true, attestationSentAt: '2026-12-06T09:00:00.000Z' });
    expect(byId.get(booking.ben)).toMatchObject({ attendance: { outcome: 'NOT_COMPLETED', halfDays: { DAY2_AFTERNOON: 'ABSENT' } }, attestationAvailable: false, attestationSentAt: null });
    expect(sheet.window.open).toBe(true);
    expect(sheet.course.halfDays).toHaveLength(4);
  });

  it('shows each learner whether they completed the course, and the centre and the administrator too', async () => {
    const mine = ((await lea.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === booking.lea);
    expect(mine).toMatchObject({ status: 'COMPLETED', attendance: { outcome: 'COMPLETED' } });
    const bens = ((await ben.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === booking.ben);
    expect(bens).toMatchObject({ status: 'COMPLETED', attendance: { outcome: 'NOT_COMPLETED', halfDays: { DAY2_AFTERNOON: 'ABSENT' } } });
    const centres = (await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as BookingDto[];
    expect(centres.find((b) => b.id === booking.ben)?.attendance?.outcome).toBe('NOT_COMPLETED');
    const admins = (await admin.get('/api/admin/bookings')).json() as AdminBookingDto[];
    expect(admins.find((b) => b.id === booking.lea)?.attendance?.outcome).toBe('COMPLETED');
  });

  it('sends the attestation once, by e-mail in the learner’s language, with the 48N refund’s steps', async () => {
    await platform.reactors.sweep();
    await platform.settled();
    const mails = (await platform.adapters.mailer.list()).filter((m) => m.kind === 'course-attestation');
    expect(mails.map((m) => m.to)).toEqual(['lea.attend@example.test']);
    expect(mails[0]!.subject).toMatch(/attestation de stage/);
    expect(mails[0]!.text).toMatch(/Remboursement de l’amende/);
    expect(mails[0]!.links.some((l) => l.endsWith(`/api/bookings/${booking.lea}/attestation`))).toBe(true);
    const history = (await admin.get(`/api/admin/history/booking/${booking.lea}`)).json() as { events: Array<{ type: string; data: Record<string, unknown> }> };
    expect(history.events.filter((e) => e.type === 'BookingAttestationSent')).toHaveLength(1);
    expect(history.events.filter((e) => e.type === 'BookingAttendanceRecorded').map((e) => e.data.halfDays)).toEqual([
      { DAY1_MORNING: 'PRESENT' }, { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' },
    ]);
  });

  it('answers the attestation PDF to the learner, the centre and the administrator; 404 to anyone else and for a course not completed', async () => {
    for (const [who, client] of [['learner', lea], ['centre', centre], ['admin', admin]] as const) {
      const response = await client.get(`/api/bookings/${booking.lea}/attestation`);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type'], who).toBe('application/pdf');
    }
    const pdf = (await lea.get(`/api/bookings/${booking.lea}/attestation`)).rawPayload;
    if (process.env.SAVE_PDFS) (await import('node:fs')).writeFileSync('/tmp/attestation.pdf', pdf);
    const text = pdfText(pdf).flat().join(' ');
    for (const expected of ['ATTESTATION DE SUIVI DE STAGE', 'Provence Sécurité Routière', 'R1301300010', 'ANTS-13-55555', 'MARTIN Léa', '14/05/1990', 'Marseille', '123456789012', 'Jean Martin', 'Claire Petit', 'Remboursement de l’amende']) {
      expect(text, expected).toContain(expected);
    }
    expect((await ben.get(`/api/bookings/${booking.lea}/attestation`)).statusCode).toBe(404);
    expect((await ben.get(`/api/bookings/${booking.ben}/attestation`)).statusCode).toBe(404);
    expect((await centre.get(`/api/bookings/${booking.ben}/attestation`)).statusCode).toBe(404);
  });

  it('prints on the attendance sheet what was recorded, the half-days’ times, the facilitators and the stamp box', async () => {
    const pdf = (await centre.get(`/api/organization/courses/${course.id}/attendance-sheet`)).rawPayload;
    if (process.env.SAVE_PDFS) (await import('node:fs')).writeFileSync('/tmp/attendance-sheet.pdf', pdf);
    const lines = pdfText(pdf).flat();
    if (process.env.SAVE_PDFS) console.log(lines);
    expect(lines).toContain('Absent(e)');
    expect(lines.filter((l) => l === 'Présent(e)')).toHaveLength(7);
    expect(lines.filter((l) => l === '08:00–12:00')).toHaveLength(2);
    expect(lines.filter((l) => l === '13:00–17:00')).toHaveLength(2);
    expect(lines.some((l) => /Jean Martin/.test(l))).toBe(true);
    expect(lines.some((l) => /Claire Petit/.test(l))).toBe(true);
    expect(lines.some((l) => /Cachet du centre/.test(l))).toBe(true);
  });

  it('closes for the centre after 15 days; the administrator corrects through the same route, and the attestation follows', async () => {
    await at('2026-12-21T23:00:00.000Z');
    const fix = row(booking.ben, () => 'PRESENT').filter((e) => e.halfDay === 'DAY2_AFTERNOON');
    const late = await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries: fix });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ATTENDANCE_WINDOW_CLOSED' });
    const corrected = await admin.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries: fix });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await at('2026-12-22T09:00:00.000Z');
    const sheet = (await admin.get(`/api/organization/courses/${course.id}/attendance`)).json() as CourseAttendanceDto;
    expect(sheet.participants.find((p) => p.bookingId === booking.ben)).toMatchObject({ attendance: { outcome: 'COMPLETED' }, attestationAvailable: true });
    const mails = (await platform.adapters.mailer.list()).filter((m) => m.kind === 'course-attestation');
    expect(mails.map((m) => m.to).sort()).toEqual(['ben.attend@example.test', 'lea.attend@example.test']);
    const bens = mails.find((m) => m.to === 'ben.attend@example.test')!;
    expect(bens.subject).toMatch(/Your course attestation/);
    expect(bens.text).not.toMatch(/48N/);
    const history = (await admin.get(`/api/admin/history/booking/${booking.ben}`)).json() as { events: Array<{ type: string; data: Record<string, unknown> }> };
    expect(history.events.filter((e) => e.type === 'BookingAttendanceRecorded').at(-1)?.data).toMatchObject({ by: 'admin' });
  });

  describe('another centre', () => {
    let other: TestClient;
    let ownCourse: string;
    beforeAll(async () => {
      const account = (await admin.post('/api/admin/users', { email: 'other.attend@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' })).json() as { id: string };
      const created = await admin.post('/api/admin/organizations', {
        name: 'Azur Conduite', address: '1 promenade des Anglais', city: 'Nice', postalCode: '06000', email: 'contact@azur-conduite.test', phoneNumber: '04 93 00 00 00',
        prefectApprovalReference: 'R1300600999', ownerUserId: account.id,
      });
      expect(created.statusCode).toBe(201);
      other = new TestClient(platform.app, 'en');
      await other.login('other.attend@example.test', 'centre-password');
      other.minPosition = admin.minPosition;
      const published = await other.post('/api/courses', legalCourse({ startDate: '2027-01-08T07:00:00.000Z', endDate: '2027-01-09T16:00:00.000Z', city: 'Nice', postalCode: '06000', department: '06' }));
      expect(published.statusCode, published.body).toBe(201);
      ownCourse = (published.json() as CourseResponse).id;
    });

    it('gets 404 with the first centre’s course and bookings, also through its own course', async () => {
      const calls: Array<[string, () => Promise<{ statusCode: number }>]> = [
        ['read attendance', () => other.get(`/api/organization/courses/${course.id}/attendance`)],
        ['record attendance', () => other.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries: row(booking.lea, () => 'ABSENT') })],
        ['record its bookings on its own course', () => other.request('PUT', `/api/organization/courses/${ownCourse}/attendance`, { entries: row(booking.lea, () => 'ABSENT') })],
        ['name facilitators', () => other.request('PUT', `/api/organization/courses/${course.id}/facilitators`, { facilitators: [{ role: 'PSYCHOLOGIST', name: 'X' }] })],
        ['attestation', () => other.get(`/api/bookings/${booking.lea}/attestation`)],
      ];
      for (const [what, call] of calls) expect((await call()).statusCode, what).toBe(404);
      const sheet = (await centre.get(`/api/organization/courses/${course.id}/attendance`)).json() as CourseAttendanceDto;
      expect(sheet.participants.find((p) => p.bookingId === booking.lea)?.attendance?.outcome).toBe('COMPLETED');
    });
  });
});
