import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { StreamHistoryResponse } from '@recup/command-api/contracts';
import { calendarProperty, parseCalendar } from '@recup/query-api/testing/ics-reader';
import { bookAndPay, crashingStore, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * The reminders before a course (REMINDER_DAYS: 7 days and 1 day before its first day, 09:00 Paris) and the
 * message the day after it: sent once each, only for a confirmed booking, across restarts and a crash, and
 * visible in the booking's history. The clock is moved by hand; the reactors' sweep runs what fell due.
 *
 * The course runs Friday 4 – Saturday 5 December 2026, 08:00–17:00; the platform starts on 21 November.
 */
describe('reminders before the course and the message after it', () => {
  let platform: Platform;
  let dataDir: string;
  let course: CourseResponse;
  const booking = { french: '', english: '', cancelled: '', unpaid: '' };

  /** Moves the clock to `iso`, runs what fell due, and waits until every e-mail it called for is out. */
  async function at(iso: string) {
    platform.clock.set(iso);
    await platform.reactors.sweep();
    await platform.settled();
  }
  const mailsOf = async (kind: string, to?: string) => (await platform.adapters.mailer.list()).filter((m) => m.kind === kind && (to === undefined || m.to === to));

  /** The same data directory, a new process: the platform started again at `iso`. */
  async function restartAt(iso: string, options: Parameters<typeof startTestPlatform>[0] = {}) {
    await platform.close();
    platform = await startTestPlatform({ dataDir, now: iso, ...options });
    await platform.reactors.sweep();
    await platform.settled();
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'recup-reminders-'));
    platform = await startTestPlatform({ dataDir });
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    course = (await centre.post('/api/courses', legalCourse())).json() as CourseResponse;
    booking.french = await bookAndPay(await signUpLearner(platform, 'reminded@example.test', 'fr'), course.id);
    booking.english = await bookAndPay(await signUpLearner(platform, 'reminded-en@example.test', 'en'), course.id);
    const leaving = await signUpLearner(platform, 'cancelled@example.test', 'fr');
    booking.cancelled = await bookAndPay(leaving, course.id);
    expect((await leaving.post(`/api/bookings/${booking.cancelled}/cancel`)).statusCode).toBe(200);
    const unpaid = await signUpLearner(platform, 'unpaid@example.test', 'fr');
    booking.unpaid = ((await unpaid.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
    await platform.settled();
  });
  afterAll(async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends nothing before its time', async () => {
    await at('2026-11-27T07:59:00.000Z');
    expect(await mailsOf('booking-reminder')).toEqual([]);
  });

  it('reminds each confirmed booking’s learner 7 days before, once, in their language, with the convocation’s essentials and links', async () => {
    await at('2026-11-27T08:00:00.000Z');
    await at('2026-11-27T12:00:00.000Z');
    const reminders = await mailsOf('booking-reminder');
    expect(reminders.map((m) => m.to).sort()).toEqual(['reminded-en@example.test', 'reminded@example.test']);
    const [french] = await mailsOf('booking-reminder', 'reminded@example.test');
    expect(french!.subject).toBe("Votre stage commence dans 7 jours — Récup'Points");
    expect(french!.text).toContain('Horaires : vendredi 4 décembre 2026 : 8h00 – 12h00 et 13h00 – 17h00');
    expect(french!.text).toContain('À apporter : une pièce d’identité en cours de validité');
    expect(french!.links).toEqual(expect.arrayContaining([`http://localhost:3000/api/bookings/${booking.french}/convocation`, `http://localhost:3000/api/bookings/${booking.french}/calendar.ics`]));
    const [english] = await mailsOf('booking-reminder', 'reminded-en@example.test');
    expect(english!.subject).toBe("Your course starts in 7 days — Récup'Points");
  });

  it('never reminds a cancelled booking nor one never paid', async () => {
    expect(await mailsOf('booking-reminder', 'cancelled@example.test')).toEqual([]);
    expect(await mailsOf('booking-reminder', 'unpaid@example.test')).toEqual([]);
  });

  it('after a restart on the same data, sends the day-before reminder once and the week-before one not again', async () => {
    await restartAt('2026-11-30T10:00:00.000Z');
    expect(await mailsOf('booking-reminder')).toHaveLength(2);
    // A learner who books after the week-before time gets the day-before reminder only.
    const late = await signUpLearner(platform, 'late@example.test', 'fr');
    await bookAndPay(late, course.id);
    await at('2026-11-30T11:00:00.000Z');
    expect(await mailsOf('booking-reminder', 'late@example.test')).toEqual([]);
    await at('2026-12-03T08:00:00.000Z');
    await at('2026-12-03T09:00:00.000Z');
    const french = await mailsOf('booking-reminder', 'reminded@example.test');
    // Newest first.
    expect(french.map((m) => m.subject)).toEqual(["Votre stage commence demain — Récup'Points", "Votre stage commence dans 7 jours — Récup'Points"]);
    expect(await mailsOf('booking-reminder', 'reminded-en@example.test')).toHaveLength(2);
    expect(await mailsOf('booking-reminder', 'cancelled@example.test')).toEqual([]);
    expect((await mailsOf('booking-reminder', 'late@example.test')).map((m) => m.subject)).toEqual(["Votre stage commence demain — Récup'Points"]);
    // Started again once more the same day: nothing goes out twice.
    await restartAt('2026-12-03T11:00:00.000Z');
    expect(await mailsOf('booking-reminder')).toHaveLength(5);
  });

  it('sends the message after the course once, even when the process died as it recorded it', async () => {
    // The process dies as it records the first message after the course: nothing is sent, the duty stays.
    await restartAt('2026-12-06T09:00:00.000Z', { eventStore: (store) => crashingStore(store, (_stream, types) => types.includes('BookingFollowUpSent')) });
    expect(await mailsOf('course-follow-up')).toEqual([]);
    await restartAt('2026-12-06T09:05:00.000Z');
    await at('2026-12-06T10:00:00.000Z');
    const followUps = await mailsOf('course-follow-up');
    expect(followUps.map((m) => m.to).sort()).toEqual(['late@example.test', 'reminded-en@example.test', 'reminded@example.test']);
    const french = followUps.find((m) => m.to === 'reminded@example.test')!;
    expect(french.text).toContain('dans un délai d’environ un mois');
    expect(french.text).toContain('Télépoints');
    expect(french.links).toContain('https://permisdeconduire.ants.gouv.fr/');
  });

  it('shows each reminder and the message after the course in the booking’s history', async () => {
    const admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    const history = (await admin.get(`/api/admin/history/booking/${booking.french}`)).json() as StreamHistoryResponse;
    const sent = history.events.filter((e) => e.type === 'BookingReminderSent' || e.type === 'BookingFollowUpSent');
    expect(sent.map((e) => [e.type, (e.data as { daysBefore?: number }).daysBefore ?? null, e.occurredAt])).toEqual([
      ['BookingReminderSent', 7, '2026-11-27T08:00:00.000Z'],
      ['BookingReminderSent', 1, '2026-12-03T08:00:00.000Z'],
      ['BookingFollowUpSent', null, '2026-12-06T09:05:00.000Z'],
    ]);
    const cancelled = (await admin.get(`/api/admin/history/booking/${booking.cancelled}`)).json() as StreamHistoryResponse;
    expect(cancelled.events.map((e) => e.type)).not.toContain('BookingReminderSent');
  });
});

/**
 * A booking moved to another date (issue 19 §4) after its week-before reminder: the reminders are the course's
 * duties, sent only to the bookings still on that course, so it gets its new course's reminders and no more of
 * the old one's; its calendar file says the new dates with a higher SEQUENCE.
 */
describe('the reminders of a booking moved to another date', () => {
  let platform: Platform;
  let learner: TestClient;
  let bookingId = '';
  const courses = { from: '', to: '' };
  const EMAIL = 'moved.reminded@example.test';

  async function at(iso: string) {
    platform.clock.set(iso);
    await platform.reactors.sweep();
    await platform.settled();
    // Sessions end after 30 idle minutes of the platform's clock.
    await learner.login(EMAIL, 'learner-password');
  }
  const remindersSent = async () => (await platform.adapters.eventStore.readStream(`booking-${bookingId}`))
    .filter((e) => e.type === 'BookingReminderSent')
    .map((e) => { const data = e.data as { courseId: string; daysBefore: number }; return `${data.courseId === courses.from ? 'from' : data.courseId === courses.to ? 'to' : data.courseId}:${data.daysBefore}`; });
  const reminderMails = async () => (await platform.adapters.mailer.list()).filter((m) => m.kind === 'booking-reminder' && m.to === EMAIL);
  const calendar = async () => {
    const events = parseCalendar((await learner.get(`/api/bookings/${bookingId}/calendar.ics`)).body).components.filter((c) => c.name === 'VEVENT');
    return { sequence: Number(calendarProperty(events[0]!, 'SEQUENCE')!.value), start: calendarProperty(events[0]!, 'DTSTART')!.value };
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    // Friday 4 – Saturday 5 December, and the same two weeks later (Friday 18 – Saturday 19 December).
    courses.from = ((await centre.post('/api/courses', legalCourse())).json() as CourseResponse).id;
    courses.to = ((await centre.post('/api/courses', legalCourse({ ...weeksLater(2), title: 'Arles (plus tard)' }))).json() as CourseResponse).id;
    learner = await signUpLearner(platform, EMAIL, 'fr');
    bookingId = await bookAndPay(learner, courses.from);
    await platform.settled();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('gets the old course’s week-before reminder, then, moved on its last free day, the new course’s reminders only', async () => {
    await at('2026-11-27T08:00:00.000Z');
    expect(await remindersSent()).toEqual(['from:7']);
    expect(await reminderMails()).toHaveLength(1);
    const before = await calendar();
    expect(before.start).toBe('20261204T080000');

    // Friday 27 November is the last day to move a course of Friday 4 December (7 days before, that day included).
    const moved = await learner.post(`/api/bookings/${bookingId}/transfer`, { courseId: courses.to });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'MOVED', courseId: courses.to });
    await platform.settled();
    const after = await calendar();
    expect(after.start).toBe('20261218T080000');
    expect(after.sequence).toBeGreaterThan(before.sequence);

    // The old course's day-before reminder and its message after it: not for this booking any more.
    await at('2026-12-03T08:00:00.000Z');
    await at('2026-12-06T10:00:00.000Z');
    expect(await remindersSent()).toEqual(['from:7']);
    expect((await platform.adapters.mailer.list()).filter((m) => m.to === EMAIL && m.kind === 'course-follow-up')).toEqual([]);

    // The new course's, a week and a day before its first day, with its own dates.
    await at('2026-12-11T08:00:00.000Z');
    await at('2026-12-17T08:00:00.000Z');
    expect(await remindersSent()).toEqual(['from:7', 'to:7', 'to:1']);
    const mails = await reminderMails();
    expect(mails.map((m) => m.subject)).toEqual(["Votre stage commence demain — Récup'Points", "Votre stage commence dans 7 jours — Récup'Points", "Votre stage commence dans 7 jours — Récup'Points"]);
    expect(mails[0]!.text).toContain('vendredi 18 décembre 2026');
    expect(mails[1]!.text).toContain('vendredi 18 décembre 2026');
    expect(mails[2]!.text).toContain('vendredi 4 décembre 2026');
    // Each reminder raised the booking's revision too: the calendar file's SEQUENCE only rises.
    expect((await calendar()).sequence).toBeGreaterThan(after.sequence);
  });
});
