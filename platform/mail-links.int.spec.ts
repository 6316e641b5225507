import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { OUTSIDE_LINKS } from '@recup/command-api/mail/templates';
import type { CourseDto } from '@recup/query-api/contracts';
import { streams } from '@recup/shared-events';
import { learnerRegistration, signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
type Mail = Awaited<ReturnType<Platform['adapters']['mailer']['list']>>[number];

/** The default address of the embedded platform, as `npm start` prints it, when PUBLIC_URL is not set. */
const SITE = 'http://localhost:3000';
const WRITE = { 'x-requested-with': 'recup-points' };

// A weekday, a day, a month in words, a year and an hour, as the screens write a course's dates.
const FRENCH_DAY_AND_TIME = /(lundi|mardi|mercredi|jeudi|vendredi|samedi) \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} à \d{1,2}h\d{2}/;
const ENGLISH_DAY_AND_TIME = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)/;

/**
 * Every e-mail the platform sends, read back from the outbox: each link names one host, the site's public
 * address (never the host a request happened to come to), and each course's dates read as on the screens.
 */
describe('the links and dates of every e-mail', () => {
  let platform: Platform;
  let mails: Mail[];

  beforeAll(async () => {
    platform = await startTestPlatform();
    // Requests reach the site by another name than its address (127.0.0.1 rather than localhost).
    const byAddress = (url: string, payload: object) =>
      platform.app.inject({ method: 'POST', url, headers: { ...WRITE, host: '127.0.0.1:3000', 'accept-language': 'fr' }, payload });
    expect((await byAddress('/api/auth/register', learnerRegistration('links-new@example.test'))).statusCode).toBe(202);
    expect((await byAddress('/api/auth/register', learnerRegistration('learner@demo.test'))).statusCode).toBe(202);
    expect((await byAddress('/api/auth/forgot-password', { email: 'learner@demo.test' })).statusCode).toBe(202);
    await platform.background.idle();
    const admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    expect((await admin.post('/api/admin/users', { email: 'links-staff@example.test', firstName: 'Jean', lastName: 'Dupont', role: 'USER', language: 'EN', password: 'staff-password', isVerified: false })).statusCode).toBe(201);

    // A French learner and an English one, with a booking in each state that sends an e-mail.
    const [french, english] = [await signUpLearner(platform, 'links-fr@example.test', 'fr'), await signUpLearner(platform, 'links-en@example.test', 'en')];
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    const [someCourse] = (await french.get('/api/courses/search?department=13')).json() as CourseDto[];
    const metadata = commandMetadata({ type: 'system', name: 'test' }, platform.clock.now());
    for (const id of ['links-a', 'links-b']) {
      await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
        type: 'ScheduleCourse', courseId: id, organizationId: someCourse!.organization.id, organizationVerified: true, now: platform.clock.now(),
        details: { title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13', startDate: '2026-12-11T07:00:00.000Z', endDate: '2026-12-12T16:00:00.000Z', price: 21_000, totalSpots: 10, antsNumber: null },
      }, { metadata });
    }
    for (const learner of [french, english]) {
      const paid = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'links-a' })).json() as { id: string };
      const intent = (await learner.post(`/api/bookings/${paid.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
      await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
      expect((await learner.post(`/api/bookings/${paid.id}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
      expect((await learner.post(`/api/bookings/${paid.id}/cancel`)).statusCode).toBe(200);
      const approved = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'links-b' })).json() as { id: string };
      expect((await centre.post(`/api/bookings/${approved.id}/approve`)).statusCode).toBe(200);
      await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'links-a' });
    }
    platform.clock.advance(31 * 60_000);
    await platform.reactors.sweep();
    await centre.login('centre@demo.test');
    expect((await centre.request('DELETE', '/api/courses/links-b')).statusCode).toBe(200);
    await platform.settled();
    mails = await platform.adapters.mailer.list();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('sends each kind of e-mail in this run', () => {
    expect(new Set(mails.map((mail) => mail.kind))).toEqual(new Set([
      'verify-email', 'account-exists', 'reset-password', 'booking-confirmed', 'booking-cancelled', 'payment-refunded', 'booking-approved', 'booking-expired', 'course-cancelled',
      // The centre's address is told of its bookings (issue 20 §5), and a demo centre that its approval ends within 60 days (§7).
      'centre-new-booking', 'centre-booking-cancelled', 'centre-approval-expiring',
    ]));
  });

  it('starts every link of every e-mail with the site’s public address, in the text and in the HTML', () => {
    for (const mail of mails) {
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&#38;', '&'));
      // Besides the site's own, only the few outside addresses our code builds (directions to a course's address).
      for (const link of [...mail.links, ...hrefs].filter((l) => !OUTSIDE_LINKS.some((outside) => l.startsWith(outside)))) {
        expect(new URL(link).origin, `${mail.kind} to ${mail.to}: ${link}`).toBe(SITE);
      }
    }
    expect(mails.filter((mail) => mail.kind !== 'payment-refunded').every((mail) => mail.links.length > 0)).toBe(true);
  });

  it('gives both course days with weekday, month in words, year and hours of Paris, in the learner’s language', () => {
    const aboutCourses = mails.filter((mail) => ['booking-confirmed', 'booking-cancelled', 'booking-approved', 'booking-expired', 'course-cancelled'].includes(mail.kind));
    expect(aboutCourses.length).toBeGreaterThanOrEqual(10);
    for (const mail of aboutCourses) {
      if (mail.to === 'links-fr@example.test') expect(mail.text, mail.kind).toContain('du vendredi 11 décembre 2026 à 8h00 au samedi 12 décembre 2026 à 17h00');
      else expect(mail.text, mail.kind).toContain('from Friday, December 11, 2026 at 8:00 AM to Saturday, December 12, 2026 at 5:00 PM');
      expect(mail.text).toMatch(mail.language === 'en' ? ENGLISH_DAY_AND_TIME : FRENCH_DAY_AND_TIME);
    }
  });
});
