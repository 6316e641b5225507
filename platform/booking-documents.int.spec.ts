import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { calendarProperty, parseCalendar, unescapeText } from '@recup/query-api/testing/ics-reader';
import { bookAndPay, legalCourse } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** A PDF's text as its reader sees it, lines joined. */
const textOf = (pdf: Buffer) => pdfText(pdf).flat().join(' ').replace(/\s+/g, ' ');

/**
 * A confirmed booking's documents before the course (issue 19): the convocation (PDF) and the calendar file (ICS),
 * for the learner, the course's centre and the administrators only, and the e-mail that confirms the booking.
 */
describe('the convocation and the calendar file of a booking', () => {
  let platform: Platform;
  let centre: TestClient;
  let centreEn: TestClient;
  let admin: TestClient;
  let learner: TestClient;
  let otherLearner: TestClient;
  let otherCentre: TestClient;
  let course: CourseResponse;
  let bookingId: string;
  let reference: string;

  /** Every client reads what the others wrote (the web app's read-your-writes, shared). */
  async function settled() {
    await platform.settled();
    const head = await platform.adapters.eventStore.headPosition();
    for (const client of [centre, centreEn, admin, learner, otherLearner, otherCentre]) client.minPosition = head;
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    centreEn = new TestClient(platform.app, 'en');
    await centreEn.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    course = (await centre.post('/api/courses', legalCourse())).json() as CourseResponse;
    learner = await signUpLearner(platform, 'convocation@example.test', 'fr');
    otherLearner = await signUpLearner(platform, 'someone-else@example.test', 'en');
    bookingId = await bookAndPay(learner, course.id);

    // Another centre, with an account of its own.
    const account = await admin.post('/api/admin/users', { email: 'other-centre@example.test', firstName: 'Claire', lastName: 'Moreau', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' });
    const created = await admin.post('/api/admin/organizations', {
      name: 'Var Route Avenir', address: '3 avenue de la Victoire', city: 'Hyères', postalCode: '83400', email: 'contact@var-route-avenir.test', phoneNumber: '04 94 12 34 56',
      website: null, description: '', descriptionEn: '', prefectApprovalReference: 'R1308300100', isVerified: true, ownerUserId: (account.json() as { id: string }).id,
    });
    expect(created.statusCode, created.body).toBe(201);
    otherCentre = new TestClient(platform.app, 'fr');
    await otherCentre.login('other-centre@example.test', 'centre-password');
    await settled();
    reference = ((await learner.get('/api/user/bookings')).json() as Array<{ id: string; bookingReference: string }>).find((b) => b.id === bookingId)!.bookingReference;
  });
  afterAll(async () => {
    await platform.close();
  });

  describe('the convocation', () => {
    it('is a PDF for the learner, the course’s centre and an administrator, naming the learner, the course and the booking', async () => {
      for (const client of [learner, centre, admin]) {
        const response = await client.get(`/api/bookings/${bookingId}/convocation`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toBe(`attachment; filename="convocation-${reference}.pdf"`);
        expect(response.headers['cache-control']).toMatch(/no-store/);
        const text = textOf(response.rawPayload);
        for (const expected of [`Réservation ${reference}`, 'Mme Léa MARTIN', 'Date de naissance : 14 mai 1990', 'N° de permis de conduire : 123456789012', 'Vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00', '13200 Arles', 'N° du stage (préfecture, ANTS) : ANTS-13-55555', 'Provence Sécurité Routière']) {
          expect(text).toContain(expected);
        }
        // Paid online, booked 13 days before: refunded until the cut-off, 72 hours before the start.
        expect(text).toContain('remboursée intégralement jusqu’au mardi 1 décembre 2026 à 8h00');
      }
    });

    it('answers 404 to another learner and another centre, as if the booking did not exist, and 401 to nobody signed in', async () => {
      for (const client of [otherLearner, otherCentre]) {
        const response = await client.get(`/api/bookings/${bookingId}/convocation`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND' });
      }
      expect((await new TestClient(platform.app).get(`/api/bookings/${bookingId}/convocation`)).statusCode).toBe(401);
      expect((await learner.get('/api/bookings/no-such-booking/convocation')).statusCode).toBe(404);
    });

    it('is in the learner’s language unless ?lang= says otherwise, whoever asks', async () => {
      // The centre reads the site in English; the learner speaks French: the convocation is the learner's.
      expect(textOf((await centreEn.get(`/api/bookings/${bookingId}/convocation`)).rawPayload)).toContain('Dates et horaires');
      const english = textOf((await centre.get(`/api/bookings/${bookingId}/convocation?lang=en`)).rawPayload);
      expect(english).toContain(`Booking ${reference}`);
      expect(english).toContain('The course is held in French. If you do not speak French well, you may bring an interpreter.');
      const wrong = await learner.get(`/api/bookings/${bookingId}/convocation?lang=de`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ field: 'lang' });
    });

    it('waits for a booking to be confirmed (409), and ends with its cancellation (409)', async () => {
      const pending = ((await otherLearner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
      const cancelledId = await bookAndPay(await signUpLearner(platform, 'changed-mind@example.test'), course.id);
      await settled();
      const notYet = await centre.get(`/api/bookings/${pending}/convocation`);
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json()).toMatchObject({ code: 'BOOKING_NOT_CONFIRMED', message: expect.stringMatching(/pas encore confirmée/) });
      expect((await otherLearner.get(`/api/bookings/${pending}/calendar.ics`)).json()).toMatchObject({ code: 'BOOKING_NOT_CONFIRMED', message: expect.stringMatching(/not confirmed yet/) });

      expect((await admin.post(`/api/bookings/${cancelledId}/cancel`)).statusCode).toBe(200);
      await settled();
      expect((await admin.get(`/api/bookings/${cancelledId}/convocation`)).json()).toMatchObject({ code: 'BOOKING_CANCELLED' });
      // A calendar that added the course removes it: the file says its events are cancelled.
      const ics = await admin.get(`/api/bookings/${cancelledId}/calendar.ics`);
      expect(ics.statusCode).toBe(200);
      const events = parseCalendar(ics.body).components.filter((c) => c.name === 'VEVENT');
      expect(events.map((e) => calendarProperty(e, 'STATUS')!.value)).toEqual(['CANCELLED', 'CANCELLED']);
    });
  });

  describe('the calendar file', () => {
    it('holds both days in Paris time at the course’s address, for the same callers only', async () => {
      const response = await learner.get(`/api/bookings/${bookingId}/calendar.ics`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="stage-${reference}.ics"`);
      const events = parseCalendar(response.body).components.filter((c) => c.name === 'VEVENT');
      expect(events.map((e) => `${calendarProperty(e, 'DTSTART')!.params.TZID} ${calendarProperty(e, 'DTSTART')!.value}–${calendarProperty(e, 'DTEND')!.value}`)).toEqual([
        'Europe/Paris 20261204T080000–20261204T170000',
        'Europe/Paris 20261205T080000–20261205T170000',
      ]);
      expect(unescapeText(calendarProperty(events[0]!, 'LOCATION')!.value)).toBe('Centre de formation, 12 boulevard des Lices, 13200 Arles');
      expect(events.map((e) => calendarProperty(e, 'UID')!.value)).toEqual([`${bookingId}-day1@recup-points.fr`, `${bookingId}-day2@recup-points.fr`]);
      expect((await centre.get(`/api/bookings/${bookingId}/calendar.ics`)).statusCode).toBe(200);
      expect((await admin.get(`/api/bookings/${bookingId}/calendar.ics`)).statusCode).toBe(200);
      expect((await otherLearner.get(`/api/bookings/${bookingId}/calendar.ics`)).statusCode).toBe(404);
      expect((await otherCentre.get(`/api/bookings/${bookingId}/calendar.ics`)).statusCode).toBe(404);
    });

    it('keeps its UIDs and raises its SEQUENCE when the course changes', async () => {
      const before = parseCalendar((await learner.get(`/api/bookings/${bookingId}/calendar.ics`)).body).components.filter((c) => c.name === 'VEVENT');
      const changed = await centre.request('PATCH', `/api/courses/${course.id}`, legalCourse({ address: 'Salle des fêtes, 2 place de la République' }));
      expect(changed.statusCode, changed.body).toBe(200);
      await settled();
      const after = parseCalendar((await learner.get(`/api/bookings/${bookingId}/calendar.ics`)).body).components.filter((c) => c.name === 'VEVENT');
      expect(after.map((e) => calendarProperty(e, 'UID')!.value)).toEqual(before.map((e) => calendarProperty(e, 'UID')!.value));
      expect(Number(calendarProperty(after[0]!, 'SEQUENCE')!.value)).toBeGreaterThan(Number(calendarProperty(before[0]!, 'SEQUENCE')!.value));
      expect(unescapeText(calendarProperty(after[0]!, 'LOCATION')!.value)).toBe('Salle des fêtes, 2 place de la République, 13200 Arles');
    });
  });

  describe('the e-mail that confirms the booking', () => {
    it('says what the convocation says and links to it, to the calendar file and to directions', async () => {
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'convocation@example.test' && m.kind === 'booking-confirmed')!;
      expect(mail.text).toContain(`réservation ${reference}`);
      for (const words of [
        'Horaires : vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00 ; samedi 5 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00.',
        'Lieu : Centre de formation, 12 boulevard des Lices, 13200 Arles.',
        'Centre organisateur : Provence Sécurité Routière',
        'Numéro du stage (préfecture) : ANTS-13-55555.',
        'À apporter : une pièce d’identité en cours de validité',
        'un retard, une demi-journée manquée ou une absence ne permettent pas de valider le stage',
        'Si le centre annule le stage',
        'Vous pouvez changer de date gratuitement jusqu’au vendredi 27 novembre 2026 à 23h59',
        'l’annulation est remboursée intégralement jusqu’au mardi 1 décembre 2026 à 8h00',
      ]) expect(mail.text).toContain(words);
      expect(mail.links).toEqual(expect.arrayContaining([
        `http://localhost:3000/api/bookings/${bookingId}/convocation`,
        `http://localhost:3000/api/bookings/${bookingId}/calendar.ics`,
        'http://localhost:3000/dashboard',
      ]));
      expect(mail.links.some((link) => link.startsWith('https://www.openstreetmap.org/search?query=Centre%20de%20formation%2C%2012%20boulevard%20des%20Lices%2C%2013200%20Arles'))).toBe(true);
    });

    it('is the same when the centre approves a booking, in the learner’s language, with nothing refunded online', async () => {
      const english = await signUpLearner(platform, 'approved-en@example.test', 'en');
      const placed = ((await english.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
      expect((await centre.post(`/api/bookings/${placed}/approve`)).statusCode).toBe(200);
      await settled();
      const mail = (await platform.adapters.mailer.list()).find((m) => m.to === 'approved-en@example.test' && m.kind === 'booking-approved')!;
      expect(mail.subject).toBe("Your booking is confirmed: your convocation — Récup'Points");
      expect(mail.text).toContain('Times: Friday, December 4, 2026: 8:00 AM – 12:00 PM and 1:00 PM – 5:00 PM');
      expect(mail.text).toContain('The course is held in French. If you do not speak French well, you may bring an interpreter.');
      expect(mail.text).toContain('This booking was not paid online: nothing is refunded online');
      expect(mail.links).toContain(`http://localhost:3000/api/bookings/${placed}/convocation`);
      // Its convocation is there at once, in English.
      expect(textOf((await english.get(`/api/bookings/${placed}/convocation`)).rawPayload)).toContain('This booking was not paid online');
    });
  });
});
