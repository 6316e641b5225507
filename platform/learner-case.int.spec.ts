import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@recup/command-api/contracts';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { DeclareLearnerCaseResponse } from '@recup/command-api/contracts/learner-case';
import type { BookingDto } from '@recup/query-api/contracts';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import { parseCsv } from '@recup/query-api/csv/csv';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { legalCourse, weeksLater } from './centre-fixtures';
import { learnerRegistration, signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** Friday 11 to Saturday 12 December 2026: three weeks after the test clock's 21 November. */
const COURSE = weeksLater(1);
const COURSE_LAST_DAY = '2026-12-12';

describe('the learner’s case: why they take the course, declared before paying, seen by the centre', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let learner: TestClient;
  let other: TestClient;
  let course: CourseResponse;

  const book = async (client: TestClient, body: Record<string, unknown> = {}) => {
    const placed = await client.post('/api/bookings', { earlyStartRequested: true, courseId: course.id, ...body });
    expect(placed.statusCode, placed.body).toBe(201);
    return (placed.json() as { id: string }).id;
  };
  const declare = (client: TestClient, bookingId: string, body: unknown) => client.request('PUT', `/api/bookings/${bookingId}/case`, body);
  const spotsLeft = async () => ((await learner.get(`/api/courses/${course.id}`)).json() as { spotsLeft: number }).spotsLeft;

  beforeAll(async () => {
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    const published = await centre.post('/api/courses', legalCourse(COURSE));
    expect(published.statusCode, published.body).toBe(201);
    course = published.json() as CourseResponse;
    admin = new TestClient(platform.app, 'fr');
    await admin.login('admin@demo.test');
    learner = await signUpLearner(platform, 'case.learner@example.test');
    other = await signUpLearner(platform, 'case.other@example.test', 'en');
  });
  afterAll(async () => {
    await platform.close();
  });

  describe('booking', () => {
    it('still takes { courseId } alone: the booking has no case yet, and can be paid for (the web asks it first)', async () => {
      const bookingId = await book(learner);
      const intent = await learner.post(`/api/bookings/${bookingId}/create-payment-intent`);
      expect(intent.statusCode, intent.body).toBe(200);
      expect(intent.json()).toMatchObject({ learnerCase: null, missingLicenceDetails: [] });
      const mine = (await learner.get('/api/user/bookings')).json() as BookingDto[];
      expect(mine.find((b) => b.id === bookingId)).toMatchObject({ learnerCase: null });
      expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    });

    it('records the case said at booking, with the 48N letter’s day', async () => {
      const bookingId = await book(learner, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-09-01' });
      const mine = (await learner.get('/api/user/bookings')).json() as BookingDto[];
      expect(mine.find((b) => b.id === bookingId)?.learnerCase).toEqual({ case: 'PROBATION_48N', letterReceivedOn: '2026-09-01' });
      const intent = (await learner.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as PaymentIntentResponse;
      expect(intent.learnerCase).toEqual({ case: 'PROBATION_48N', letterReceivedOn: '2026-09-01' });
      expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    });

    it('refuses a case said wrongly before taking a place, naming the field in the caller’s language', async () => {
      const before = await spotsLeft();
      const fr = await learner.post('/api/bookings', { courseId: course.id, learnerCase: 'PROBATION_48N' });
      expect(fr.statusCode).toBe(400);
      expect(fr.json()).toMatchObject({ code: 'LETTER_RECEIVED_ON_REQUIRED', field: 'letterReceivedOn', message: expect.stringMatching(/^Indiquez le jour où vous avez reçu la lettre 48N/) });
      const en = await other.post('/api/bookings', { courseId: course.id, learnerCase: 'VOLUNTARY', letterReceivedOn: '2026-09-01' });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ code: 'LETTER_RECEIVED_ON_NOT_EXPECTED', field: 'letterReceivedOn', message: expect.stringMatching(/^The day a 48N letter was received only applies/) });
      const unknown = await learner.post('/api/bookings', { courseId: course.id, learnerCase: 'BORED' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'learnerCase', message: expect.stringContaining('« learnerCase »') });
      expect(await spotsLeft()).toBe(before);
    });
  });

  describe('PUT /api/bookings/{id}/case', () => {
    let bookingId: string;
    beforeAll(async () => {
      bookingId = await book(learner);
    });

    it('records the learner’s case on their own booking, and says what it means for this course', async () => {
      const voluntary = await declare(learner, bookingId, { learnerCase: 'VOLUNTARY' });
      expect(voluntary.statusCode, voluntary.body).toBe(200);
      expect(voluntary.json()).toEqual({ bookingId, learnerCase: { case: 'VOLUNTARY', letterReceivedOn: null }, probation: null, givesPointsBack: true });
      const court = (await declare(learner, bookingId, { learnerCase: 'COURT_ORDER', letterReceivedOn: null })).json() as DeclareLearnerCaseResponse;
      expect(court).toMatchObject({ learnerCase: { case: 'COURT_ORDER' }, givesPointsBack: false });
    });

    it('says whether the course ends within the four months of the 48N letter (a late course is warned of, not refused)', async () => {
      // Received on 1 August: the course must end by 1 December; this one ends on 12 December.
      const late = (await declare(learner, bookingId, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-08-01' })).json() as DeclareLearnerCaseResponse;
      expect(late).toEqual({ bookingId, learnerCase: { case: 'PROBATION_48N', letterReceivedOn: '2026-08-01' }, probation: { deadline: '2026-12-01', endsInTime: false }, givesPointsBack: true });
      // Received on 12 August: by 12 December, the course's last day, included.
      const inTime = (await declare(learner, bookingId, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-08-12' })).json() as DeclareLearnerCaseResponse;
      expect(inTime.probation).toEqual({ deadline: COURSE_LAST_DAY, endsInTime: true });
    });

    it('is the booking’s learner’s alone: another learner gets 404, a centre or an administrator 403, nobody signed in 401', async () => {
      const body = { learnerCase: 'VOLUNTARY' };
      expect((await declare(other, bookingId, body)).statusCode).toBe(404);
      expect((await declare(centre, bookingId, body)).statusCode).toBe(403);
      expect((await declare(admin, bookingId, body)).statusCode).toBe(403);
      expect((await declare(new TestClient(platform.app), bookingId, body)).statusCode).toBe(401);
      expect((await declare(learner, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    });

    it('answers 400 naming the field, in the caller’s language', async () => {
      const cases: Array<[TestClient, unknown, string, RegExp]> = [
        [learner, { learnerCase: 'PROBATION_48N' }, 'letterReceivedOn', /^Indiquez le jour où vous avez reçu la lettre 48N/],
        [learner, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-22' }, 'letterReceivedOn', /^La date de réception de la lettre 48N ne peut pas être dans le futur\.$/],
        [learner, { learnerCase: 'PENAL_SETTLEMENT', letterReceivedOn: '2026-11-02' }, 'letterReceivedOn', /ne concerne que le stage obligatoire du permis probatoire/],
        [learner, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-02-30' }, 'letterReceivedOn', /« letterReceivedOn »/],
        [learner, { learnerCase: 'SOMETHING' }, 'learnerCase', /« learnerCase »/],
        [learner, {}, 'learnerCase', /« learnerCase »/],
        [learner, { learnerCase: 'VOLUNTARY', reason: 'x' }, 'reason', /« reason »/],
      ];
      for (const [client, body, field, message] of cases) {
        const answer = await declare(client, bookingId, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json(), JSON.stringify(body)).toMatchObject({ field, message: expect.stringMatching(message) });
      }
      const otherBooking = await book(other);
      const english = await declare(other, otherBooking, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-12-01' });
      expect(english.json()).toMatchObject({ code: 'LETTER_RECEIVED_ON_IN_FUTURE', field: 'letterReceivedOn', message: 'The day the 48N letter was received cannot be in the future.' });
      expect((await other.post(`/api/bookings/${otherBooking}/cancel`)).statusCode).toBe(200);
    });

    it('is refused on a booking no longer active', async () => {
      const given = await book(other);
      expect((await other.post(`/api/bookings/${given}/cancel`)).statusCode).toBe(200);
      const answer = await declare(other, given, { learnerCase: 'VOLUNTARY' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'LEARNER_CASE_BOOKING_CLOSED', bookingStatus: 'CANCELLED', message: expect.stringMatching(/^This booking is no longer active/) });
    });

    it('shows in the booking’s history, who declared what and when', async () => {
      const history = (await admin.get(`/api/admin/history/booking/${bookingId}`)).json() as { events: Array<{ type: string; data: Record<string, unknown> }> };
      const declared = history.events.filter((e) => e.type === 'BookingCaseDeclared').map((e) => e.data);
      expect(declared.map((d) => [d.learnerCase, d.letterReceivedOn])).toEqual([
        ['VOLUNTARY', null], ['COURT_ORDER', null], ['PROBATION_48N', '2026-08-01'], ['PROBATION_48N', '2026-08-12'],
      ]);
      expect(declared[0]).toMatchObject({ bookingId, declaredBy: expect.any(String), declaredAt: '2026-11-21T09:00:00.000Z' });
    });
  });

  describe('the licence details the prefecture needs', () => {
    let newcomer: TestClient;
    let bookingId: string;
    const registration = learnerRegistration('newcomer@example.test', { licenseNumber: null, dateOfBirth: null, placeOfBirth: null, countryOfBirth: null, password: 'learner-password' });
    const { email: _email, password: _password, ...profile } = registration;

    beforeAll(async () => {
      newcomer = new TestClient(platform.app, 'fr');
      expect((await newcomer.post('/api/auth/register', registration)).statusCode).toBe(202);
      await platform.background.idle();
      const link = (await platform.adapters.mailer.list()).find((m) => m.to === 'newcomer@example.test')!.links.find((l) => l.includes('/verify-email?'))!;
      await newcomer.get(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`);
      await newcomer.login('newcomer@example.test', 'learner-password');
      bookingId = await book(newcomer);
    });

    it('are listed by the payment’s answer while the profile lacks them, and no longer once saved', async () => {
      const before = (await newcomer.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as PaymentIntentResponse;
      expect(before.missingLicenceDetails).toEqual(['licenseNumber', 'dateOfBirth', 'placeOfBirth', 'countryOfBirth']);
      const saved = await newcomer.request('PATCH', '/api/users/profile', { ...profile, licenseNumber: '13ab 1234 5678', dateOfBirth: '1995-03-08', placeOfBirth: 'Avignon', countryOfBirth: 'FR' });
      expect(saved.statusCode, saved.body).toBe(200);
      // Kept as the licence prints it.
      expect(saved.json()).toMatchObject({ licenseNumber: '13AB12345678' });
      const after = (await newcomer.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as PaymentIntentResponse;
      expect(after.missingLicenceDetails).toEqual([]);
    });

    it('take a licence number only shaped like a French one, and say what they accept', async () => {
      const answer = await newcomer.request('PATCH', '/api/users/profile', { ...profile, licenseNumber: 'ABC-12' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'licenseNumber', message: expect.stringMatching(/^Le numéro de permis n’a pas la forme d’un numéro de permis français : 12 lettres et chiffres/) });
      const paper = await newcomer.request('PATCH', '/api/users/profile', { ...profile, licenseNumber: '880675 200123' });
      expect(paper.json()).toMatchObject({ licenseNumber: '880675200123' });
    });
  });

  describe('what the centre and the administrators see', () => {
    let declaredId: string;
    let silentId: string;
    let third: TestClient;
    beforeAll(async () => {
      third = await signUpLearner(platform, 'case.third@example.test');
      declaredId = await book(third, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-10-02' });
      // A booking the centre confirms unpaid needs no case.
      silentId = await book(other);
      const approved = await centre.post(`/api/bookings/${silentId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      centre.minPosition = Math.max(centre.minPosition, third.minPosition, other.minPosition);
      admin.minPosition = centre.minPosition;
    });

    it('the bookings screen shows each booking’s case, or none', async () => {
      const bookings = (await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as BookingDto[];
      expect(bookings.find((b) => b.id === declaredId)?.learnerCase).toEqual({ case: 'PROBATION_48N', letterReceivedOn: '2026-10-02' });
      expect(bookings.find((b) => b.id === silentId)).toMatchObject({ status: 'CONFIRMED', learnerCase: null });
    });

    it('participants.csv ends with each participant’s case, in the caller’s language', async () => {
      const rows = parseCsv((await centre.get(`/api/organization/courses/${course.id}/export`)).rawPayload.toString('utf8'), ';');
      expect(rows[0]!.at(-1)).toBe('Cas du stagiaire');
      const byEmail = new Map(rows.slice(1).map((row) => [row[3], row]));
      expect(byEmail.get('case.third@example.test')!.at(-1)).toBe('Cas 2 – permis probatoire, lettre 48N reçue le 02/10/2026');
      expect(byEmail.get('case.learner@example.test')!.at(-1)).toBe('Cas 2 – permis probatoire, lettre 48N reçue le 12/08/2026');
      expect(byEmail.get('case.other@example.test')!.at(-1)).toBe('Non indiqué');
      const english = new TestClient(platform.app, 'en');
      await english.login('centre@demo.test');
      english.minPosition = centre.minPosition;
      const en = parseCsv((await english.get(`/api/organization/courses/${course.id}/export`)).rawPayload.toString('utf8'), ';');
      expect(en[0]!.at(-1)).toBe('Trainee’s case');
      expect(en.find((row) => row[3] === 'case.third@example.test')!.at(-1)).toBe('Case 2 – probationary licence, 48N letter received on 02/10/2026');
    });

    it('the attendance sheet gives each participant the short label of their case', async () => {
      const pdf = (await centre.get(`/api/organization/courses/${course.id}/attendance-sheet`)).rawPayload;
      const lines = pdfText(pdf).flat();
      // Confirmed participants only: the booking the centre approved; the learner's one waits for its payment.
      const row = lines.indexOf('MARTIN');
      expect(row).toBeGreaterThan(0);
      expect(lines.filter((l) => l === 'MARTIN')).toHaveLength(1);
      expect(lines.slice(row, row + 5)).toEqual(['MARTIN', 'Léa', '14/05/1990', '123456789012', '—']);
      const paid = await third.post(`/api/bookings/${declaredId}/create-payment-intent`);
      const intent = paid.json() as PaymentIntentResponse;
      await third.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
        clientSecret: intent.clientSecret, cardholderName: 'Léa Martin', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123',
      });
      expect((await third.post(`/api/bookings/${declaredId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
      centre.minPosition = Math.max(centre.minPosition, third.minPosition);
      const after = pdfText((await centre.get(`/api/organization/courses/${course.id}/attendance-sheet`)).rawPayload).flat();
      expect(after.filter((l) => l === 'Cas 2')).toHaveLength(1);
      expect(after.filter((l) => l === '—')).toHaveLength(1);
    });

    it('the administrators’ booking detail shows it', async () => {
      admin.minPosition = Math.max(admin.minPosition, third.minPosition);
      const detail = (await admin.get(`/api/admin/bookings/${declaredId}`)).json() as AdminBookingDto;
      expect(detail.learnerCase).toEqual({ case: 'PROBATION_48N', letterReceivedOn: '2026-10-02' });
    });

    it('can no longer be changed once the course has started', async () => {
      platform.clock.set(new Date(COURSE.startDate));
      // Days later, the session has ended: the learner signs in again.
      await third.login('case.third@example.test', 'learner-password');
      const answer = await declare(third, declaredId, { learnerCase: 'VOLUNTARY' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'LEARNER_CASE_COURSE_STARTED', message: expect.stringMatching(/^Le stage a commencé/) });
    });
  });
});
