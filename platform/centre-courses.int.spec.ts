import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { publishCourseBatch, cancelCourse } from '@recup/command-api/courses/manage-course';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { bookAndPay, crashingStore, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';
import { DEMO_SELLER } from '@recup/infra/seller-identity';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('a training centre publishes its courses', () => {
  let platform: Platform;
  let centre: TestClient;
  let centreEn: TestClient;
  let admin: TestClient;
  let visitor: TestClient;
  let provenceId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    centreEn = new TestClient(platform.app, 'en');
    await centreEn.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    visitor = new TestClient(platform.app);
    provenceId = ((await visitor.get('/api/courses/search?department=13')).json() as CourseDto[])[0]!.organization.id;
  });
  afterAll(async () => {
    await platform.close();
  });

  const publish = async (client: TestClient, body: Record<string, unknown>) => client.post('/api/courses', body);
  const published = async (body: Record<string, unknown>) => {
    const response = await publish(centre, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CourseResponse;
  };
  const patch = (client: TestClient, id: string, body: unknown) => client.request('PATCH', `/api/courses/${id}`, body);
  const remove = (client: TestClient, id: string) => client.request('DELETE', `/api/courses/${id}`);
  const publicCourse = async (id: string) => {
    visitor.minPosition = Math.max(visitor.minPosition, centre.minPosition, admin.minPosition);
    return visitor.get(`/api/courses/${id}`);
  };

  it('publishes a legal course, SCHEDULED with every place free, shown in search at once', async () => {
    const response = await publish(centre, { ...legalCourse(), organizationId: provenceId, spotsLeft: 12, status: 'SCHEDULED' });
    expect(response.statusCode).toBe(201);
    const course = response.json() as CourseResponse;
    expect(course).toMatchObject({ organizationId: provenceId, status: 'SCHEDULED', totalSpots: 12, spotsLeft: 12, price: 23_000, department: '13', antsNumber: 'ANTS-13-55555' });
    const shown = await publicCourse(course.id);
    expect(shown.json()).toMatchObject({ id: course.id, status: 'SCHEDULED', spotsLeft: 12, organization: { name: 'Provence Sécurité Routière' } });
  });

  it('answers each broken rule with its own message, in the caller’s language, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string, RegExp, RegExp]> = [
      [{ title: '' }, 'COURSE_FIELD_REQUIRED', 'title', /^Le titre est requis$/, /^The title is required$/],
      [{ city: ' ' }, 'COURSE_FIELD_REQUIRED', 'city', /^La ville est requise$/, /city is required/],
      [{ postalCode: '1320' }, 'POSTAL_CODE_INVALID', 'postalCode', /^Le code postal doit comporter 5 chiffres$/, /5 digits/],
      [{ department: '75' }, 'DEPARTMENT_INVALID', 'department', /04, 05, 06, 13, 83 ou 84/, /one of/],
      [{ startDate: undefined }, 'COURSE_FIELD_REQUIRED', 'startDate', /^La date de début est requise$/, /start date is required/],
      [{ price: 0 }, 'PRICE_TOO_LOW', 'price', /^Le prix doit être d’au moins 0,01 €$/, /at least €0\.01/],
      [{ totalSpots: 0 }, 'TOTAL_SPOTS_TOO_LOW', 'totalSpots', /^Le nombre de places doit être supérieur à 0$/, /greater than 0/],
      [{ totalSpots: 21 }, 'TOTAL_SPOTS_TOO_HIGH', 'totalSpots', /au plus 20 participants/, /at most 20/],
      [{ endDate: '2026-12-04T15:00:00.000Z' }, 'COURSE_NOT_TWO_CONSECUTIVE_DAYS', 'endDate', /deux jours consécutifs/, /two consecutive days/],
      [{ startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' }, 'COURSE_ON_SUNDAY', 'endDate', /dimanche \(dimanche 6 décembre 2026\)/, /Sunday \(Sunday, December 6, 2026\)/],
      [{ startDate: '2026-12-24T07:00:00.000Z', endDate: '2026-12-25T16:00:00.000Z' }, 'COURSE_ON_PUBLIC_HOLIDAY', 'endDate', /Noël/, /Christmas Day/],
      [{ startDate: '2026-11-27T07:00:00.000Z', endDate: '2026-11-28T16:00:00.000Z' }, 'COURSE_DECLARED_TOO_LATE', 'startDate', /10 jours.*mardi 1 décembre 2026/, /10 days.*Tuesday, December 1, 2026/],
      // "Toulon, 83, 75001": a Paris postal code in the Var; Toulon at Draguignan's postal code.
      [{ city: 'Toulon', department: '83', postalCode: '75001' }, 'POSTAL_CODE_NOT_IN_DEPARTMENT', 'postalCode', /^Le code postal 75001 n’est celui d’aucune commune du département 83 \(Var\)$/, /^Postal code 75001 serves no commune of department 83 \(Var\)$/],
      [{ city: 'Toulon', department: '83', postalCode: '83300' }, 'CITY_NOT_AT_POSTAL_CODE', 'city', /^Cette ville n’est pas desservie par le code postal 83300, qui est celui de : Draguignan, Châteaudouble$/, /postal code 83300, which is that of: Draguignan, Châteaudouble$/],
      [{ city: 'Arles', postalCode: '13300' }, 'CITY_NOT_AT_POSTAL_CODE', 'city', /13300, qui est celui de : Salon-de-Provence$/, /that of: Salon-de-Provence$/],
    ];
    for (const [change, code, field, fr, en] of cases) {
      const french = await publish(centre, legalCourse(change));
      expect(french.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(french.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(french.json(), code).toMatchObject({ code, field, message: expect.stringMatching(fr) });
      expect((await publish(centreEn, legalCourse(change))).json(), code).toMatchObject({ code, field, message: expect.stringMatching(en) });
    }
  });

  it('checks the place of a changed course and of every session of a batch the same way', async () => {
    const course = await published(legalCourse(weeksLater(7)));
    const moved = await patch(centre, course.id, legalCourse({ ...weeksLater(7), city: 'Toulon', department: '83', postalCode: '75001' }));
    expect(moved.json()).toMatchObject({ code: 'POSTAL_CODE_NOT_IN_DEPARTMENT', field: 'postalCode' });
    expect((await patch(centre, course.id, legalCourse({ ...weeksLater(7), title: 'Toulon', city: 'Toulon', department: '83', postalCode: '83000' }))).statusCode).toBe(200);
    const batch = await centre.post('/api/courses/batch', [legalCourse(weeksLater(8)), legalCourse({ ...weeksLater(9), city: 'Toulon', postalCode: '13200' })]);
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({ code: 'CITY_NOT_AT_POSTAL_CODE', field: '1.city', message: expect.stringMatching(/^Session 2 : Cette ville n’est pas desservie par le code postal 13200/) });
  });

  it('tells the form which communes a postal code serves, and none for one that serves none', async () => {
    expect((await visitor.get('/api/places/postal-codes/83000')).json()).toEqual({ postalCode: '83000', communes: [{ name: 'Toulon', department: '83', otherNames: [] }] });
    expect((await visitor.get('/api/places/postal-codes/75001')).json()).toEqual({ postalCode: '75001', communes: [] });
    expect((await visitor.get('/api/places/postal-codes/830')).statusCode).toBe(400);
  });

  it('refuses unknown fields and wrong types with a 400 naming the field, and writes nothing', async () => {
    const before = await platform.adapters.eventStore.headPosition();
    expect((await publish(centre, { ...legalCourse(), color: 'red' })).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'color' });
    expect((await publish(centre, legalCourse({ price: 'deux cents' }))).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
    expect((await publish(centre, legalCourse({ price: 199.5 }))).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
    expect(await platform.adapters.eventStore.headPosition()).toBe(before);
  });

  it('publishes only for itself: another centre’s id answers 404', async () => {
    const varCentre = ((await visitor.get('/api/courses/search?department=83')).json() as CourseDto[])[0]!.organization.id;
    const response = await publish(centre, { ...legalCourse(), organizationId: varCentre });
    expect(response.statusCode).toBe(404);
  });

  it('changes a course, and says how many places are taken when the total would go below them', async () => {
    const course = await published(legalCourse({ ...weeksLater(1), totalSpots: 6 }));
    const learner = await signUpLearner(platform, 'change.learner@example.test');
    await bookAndPay(learner, course.id);
    const other = await signUpLearner(platform, 'change.other@example.test');
    await other.post('/api/bookings', { earlyStartRequested: true, courseId: course.id });

    const changed = await patch(centre, course.id, legalCourse({ ...weeksLater(1), totalSpots: 8, price: 19_000, title: 'Arles centre' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ totalSpots: 8, spotsLeft: 6, price: 19_000, title: 'Arles centre' });
    expect((await publicCourse(course.id)).json()).toMatchObject({ title: 'Arles centre', price: 19_000, spotsLeft: 6 });

    const below = await patch(centreEn, course.id, legalCourse({ ...weeksLater(1), totalSpots: 1 }));
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'TOTAL_SPOTS_BELOW_TAKEN', field: 'totalSpots', message: 'The number of places cannot be lower than the 2 places already booked' });
    // The learner's booking keeps the price it was booked at.
    expect(((await learner.get('/api/user/bookings')).json() as BookingDto[])[0]).toMatchObject({ price: 23_000 });
  });

  it('changes nothing of another centre’s course: its id answers 404', async () => {
    const [azur] = (await visitor.get('/api/courses/search?department=06')).json() as CourseDto[];
    expect((await patch(centre, azur!.id, legalCourse())).statusCode).toBe(404);
    expect((await remove(centre, azur!.id)).statusCode).toBe(404);
    expect((await patch(centre, 'no-such-course', legalCourse())).statusCode).toBe(404);
  });

  describe('deleting a course that has bookings', () => {
    it('cancels each booking, refunds the paid one, mails every learner in their language, and removes the course from search — in one chain', async () => {
      const course = await published(legalCourse({ ...weeksLater(2), title: 'Salon-de-Provence', city: 'Salon-de-Provence', postalCode: '13300' }));
      const payer = await signUpLearner(platform, 'payer@example.test', 'en');
      const paid = await bookAndPay(payer, course.id);
      const approvedLearner = await signUpLearner(platform, 'approved@example.test');
      const approved = ((await approvedLearner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
      expect((await centre.post(`/api/bookings/${approved}/approve`)).statusCode).toBe(200);
      const waiting = await signUpLearner(platform, 'waiting@example.test');
      const pending = ((await waiting.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
      expect((await publicCourse(course.id)).json()).toMatchObject({ spotsLeft: 9 });

      const deleted = await remove(centre, course.id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ courseId: course.id, status: 'CANCELLED', cancelledBookings: 3, refunds: 1 });

      expect((await publicCourse(course.id)).json()).toMatchObject({ status: 'CANCELLED' });
      visitor.minPosition = centre.minPosition;
      const search = (await visitor.get('/api/courses/search?location=Salon-de-Provence')).json() as CourseDto[];
      expect(search.some((c) => c.id === course.id)).toBe(false);
      payer.minPosition = centre.minPosition;
      expect(((await payer.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === paid)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });

      // Once more: it is cancelled, and stays so.
      expect((await remove(centre, course.id)).json()).toMatchObject({ code: 'CANCELLED_COURSE_CANNOT_CHANGE' });
      expect((await patch(centre, course.id, legalCourse(weeksLater(2)))).json()).toMatchObject({ code: 'CANCELLED_COURSE_CANNOT_CHANGE' });

      await platform.settled();
      const mails = await platform.adapters.mailer.list();
      const mailTo = (to: string, kind: string) => mails.filter((m) => m.to === to && m.kind === kind);
      expect(mailTo('payer@example.test', 'course-cancelled')).toHaveLength(1);
      expect(mailTo('payer@example.test', 'course-cancelled')[0]!.subject).toMatch(/Course cancelled by the centre/);
      expect(mailTo('payer@example.test', 'course-cancelled')[0]!.text).toMatch(/refunded in full/);
      expect(mailTo('payer@example.test', 'payment-refunded')).toHaveLength(1);
      expect(mailTo('approved@example.test', 'course-cancelled')[0]!.subject).toMatch(/Stage annulé par le centre/);
      expect(mailTo('waiting@example.test', 'course-cancelled')[0]!.text).toMatch(/Aucun montant/);

      // The audit: one correlation, the course's cancellation causing each booking's, each paid one causing its refund.
      const log = await platform.adapters.eventStore.readAll();
      const courseCancelled = log.find((e) => e.type === 'CourseCancelled' && (e.data as { courseId: string }).courseId === course.id)!;
      expect(courseCancelled.metadata.actor).toMatchObject({ type: 'user', role: 'ORGANIZATION' });
      const chain = log.filter((e) => e.metadata.correlationId === courseCancelled.metadata.correlationId);
      const bookingCancellations = chain.filter((e) => e.type === 'BookingCancelled');
      expect(bookingCancellations.map((e) => (e.data as { bookingId: string }).bookingId).sort()).toEqual([paid, approved, pending].sort());
      for (const event of bookingCancellations) expect(event.metadata.causationId).toBe(courseCancelled.id);
      const refund = chain.find((e) => e.type === 'PaymentRefundRequested')!;
      expect(refund.metadata.causationId).toBe(bookingCancellations.find((e) => (e.data as { bookingId: string }).bookingId === paid)!.id);
      expect(chain.some((e) => e.type === 'PaymentRefunded')).toBe(true);
      // Each spot released once.
      const releases = log.filter((e) => e.type === 'SpotReleased' && (e.data as { courseId: string }).courseId === course.id);
      expect(releases.map((e) => (e.data as { bookingId: string }).bookingId).sort()).toEqual([paid, approved, pending].sort());
    });

    it('finishes a deletion that a crash cut short, refunding and releasing nothing twice', async () => {
      // (Three and four weeks later fall on Christmas and New Year's Day.)
      const course = await published(legalCourse(weeksLater(8)));
      const first = await bookAndPay(await signUpLearner(platform, 'crash.first@example.test'), course.id);
      const second = await bookAndPay(await signUpLearner(platform, 'crash.second@example.test'), course.id);
      // The process dies right after the first booking's cancellation.
      let cancellations = 0;
      const store = crashingStore(platform.adapters.eventStore, (_stream, types) => types.includes('BookingCancelled') && (cancellations += 1) > 1);
      const deps = { eventStore: store, payments: platform.adapters.testGateway, clock: platform.clock, ids: { next: () => crypto.randomUUID() }, seller: DEMO_SELLER };
      await expect(cancelCourse(deps, course.id, { reason: 'deletedByCentre', mode: 'request', cancelledBy: null }, commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()))).rejects.toThrow('the process died');

      platform.clock.advance(3 * 60_000);
      await platform.reactors.sweep();
      await platform.settled();
      const log = await platform.adapters.eventStore.readAll();
      for (const bookingId of [first, second]) {
        expect(log.filter((e) => e.type === 'BookingCancelled' && (e.data as { bookingId: string }).bookingId === bookingId), bookingId).toHaveLength(1);
        expect(log.filter((e) => e.type === 'PaymentRefunded' && (e.data as { bookingId: string }).bookingId === bookingId), bookingId).toHaveLength(1);
        expect(log.filter((e) => e.type === 'SpotReleased' && (e.data as { bookingId: string }).bookingId === bookingId), bookingId).toHaveLength(1);
      }
    });
  });

  describe('publishing several courses at once', () => {
    const sessions = [weeksLater(5), weeksLater(6), weeksLater(7)];

    it('publishes every session, or none when one breaks a rule — naming the session and why', async () => {
      const before = await platform.adapters.eventStore.headPosition();
      const sunday = { startDate: '2027-01-09T07:00:00.000Z', endDate: '2027-01-10T16:00:00.000Z' };
      const refused = await centre.post('/api/courses/batch', [legalCourse(sessions[0]), legalCourse(sessions[1]), legalCourse(sunday)]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'COURSE_ON_SUNDAY', field: '2.endDate', message: 'Session 3 : Aucun stage ne peut avoir lieu un dimanche (dimanche 10 janvier 2027)' });
      expect(await platform.adapters.eventStore.headPosition()).toBe(before);

      const created = await centre.post('/api/courses/batch', sessions.map((dates, i) => legalCourse({ ...dates, antsNumber: i === 1 ? null : `ANTS-13-6000${i}` })));
      expect(created.statusCode).toBe(201);
      const courses = created.json() as CourseResponse[];
      expect(courses).toHaveLength(3);
      expect(courses.map((c) => c.startDate)).toEqual(sessions.map((s) => s.startDate));
      for (const course of courses) expect((await publicCourse(course.id)).json()).toMatchObject({ status: 'SCHEDULED', spotsLeft: 12 });
    });

    it('needs at least one session', async () => {
      const response = await centre.post('/api/courses/batch', []);
      expect(response.json()).toMatchObject({ code: 'BATCH_WITHOUT_SESSIONS', message: 'Au moins une session doit être ajoutée' });
    });

    const startBatch = async (crashAfterCourses: number) => {
      let scheduled = 0;
      const store = crashingStore(platform.adapters.eventStore, (stream) => stream.startsWith('course-') && (scheduled += 1) > crashAfterCourses);
      const deps = { eventStore: store, payments: platform.adapters.testGateway, clock: platform.clock, ids: { next: () => crypto.randomUUID() }, seller: DEMO_SELLER };
      const ids: string[] = [];
      const recording = { next: () => { const id = crypto.randomUUID(); ids.push(id); return id; } };
      await expect(publishCourseBatch({ ...deps, ids: recording }, { organizationId: provenceId, inputs: sessions.map((s) => legalCourse({ ...s, city: 'Martigues', title: 'Martigues', postalCode: '13500' })), by: 'centre' }, commandMetadata({ type: 'system', name: 'test' }, platform.clock.now())))
        .rejects.toThrow('the process died');
      // The first id names the batch, the others its courses.
      return ids.slice(1);
    };
    const visible = async (ids: string[]) => {
      await platform.settled();
      visitor.minPosition = await platform.adapters.eventStore.headPosition();
      return Promise.all(ids.map(async (id) => (await visitor.get(`/api/courses/${id}`)).statusCode === 200));
    };

    it('never shows part of a batch a crash cut short, and the keeper completes it', async () => {
      const ids = await startBatch(1);
      expect(await visible(ids)).toEqual([false, false, false]);
      platform.clock.advance(3 * 60_000);
      await platform.reactors.sweep();
      expect(await visible(ids)).toEqual([true, true, true]);
    });

    it('withdraws a batch cut short whose centre may no longer publish: none of it ever shows', async () => {
      const ids = await startBatch(1);
      const unverified = await admin.request('PATCH', `/api/admin/organizations/${provenceId}`, {
        name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@provence-securite-routiere.test',
        phoneNumber: '04 91 23 45 67', prefectApprovalReference: 'R1301300010', isVerified: false,
      });
      expect(unverified.statusCode).toBe(200);
      platform.clock.advance(3 * 60_000);
      await platform.reactors.sweep();
      expect(await visible(ids)).toEqual([false, false, false]);
      const log = await platform.adapters.eventStore.readAll();
      expect(log.some((e) => e.type === 'CourseBatchWithdrawn')).toBe(true);
      // Scheduled before the crash or not, no course of it can ever be booked or scheduled.
      for (const id of ids) expect(log.some((e) => e.type === 'CourseCancelled' && (e.data as { courseId: string }).courseId === id), id).toBe(true);
      expect((await admin.post(`/api/admin/organizations/${provenceId}/approve`)).statusCode).toBe(200);
    });
  });
});
