import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { AwaitedPackDto, LatePackDto } from '@recup/query-api/contracts/prefecture-pack';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const ALL = ['DAY1_MORNING', 'DAY1_AFTERNOON', 'DAY2_MORNING', 'DAY2_AFTERNOON'] as const;
const row = (bookingId: string, presence: (halfDay: (typeof ALL)[number]) => string) => ALL.map((halfDay) => ({ bookingId, halfDay, presence: presence(halfDay) }));
type History = { events: Array<{ type: string; data: Record<string, unknown> }> };

/**
 * The prefecture's pack (issue 20 §3): once a course has ended the centre downloads its pack (a ZIP: the attendance
 * sheet as recorded, each completed learner's attestation, a summary CSV), marks it sent, and sees the packs it still
 * owes with the days left; the centre is reminded 10 days after the course and on its 15th day, once each across a
 * restart, and not after it said the pack was sent; an administrator sees every late pack. The clock is moved by hand.
 */
describe('the prefecture’s pack', () => {
  let platform: Platform;
  let dataDir: string;
  let centre: TestClient;
  let admin: TestClient;
  let course: CourseResponse;
  let later: CourseResponse;
  const booking = { lea: '', ben: '', cleo: '' };
  const reference = { lea: '', ben: '' };

  async function signIn() {
    await centre.login('centre@demo.test');
    await admin.login('admin@demo.test');
    const head = await platform.adapters.eventStore.headPosition();
    for (const client of [centre, admin]) client.minPosition = head;
  }
  async function at(iso: string) {
    platform.clock.set(iso);
    await platform.reactors.sweep();
    await platform.settled();
    await signIn();
  }
  /** The same data directory, a new process: the platform started again at `iso`. */
  async function restartAt(iso: string) {
    await platform.close();
    platform = await startTestPlatform({ dataDir, now: iso });
    centre = new TestClient(platform.app, 'fr');
    admin = new TestClient(platform.app, 'en');
    await platform.reactors.sweep();
    await platform.settled();
    await signIn();
  }
  /** The pack's reminders about this test's courses (the demo centre's own courses are left aside). */
  const packMails = async () => (await platform.adapters.mailer.list())
    .filter((m) => m.kind === 'prefecture-pack-due' && m.links.some((l) => l.includes(course.id) || l.includes(later.id)));
  const packs = async () => (await centre.get('/api/organization/prefecture-packs')).json() as AwaitedPackDto[];
  const history = async (courseId: string) => ((await admin.get(`/api/admin/history/course/${courseId}`)).json() as History).events;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'recup-pack-'));
    platform = await startTestPlatform({ dataDir });
    centre = new TestClient(platform.app, 'fr');
    admin = new TestClient(platform.app, 'en');
    await signIn();
    course = (await centre.post('/api/courses', legalCourse())).json() as CourseResponse;
    later = (await centre.post('/api/courses', legalCourse({ ...weeksLater(1), antsNumber: 'ANTS-13-66666' }))).json() as CourseResponse;
    const lea = await signUpLearner(platform, 'lea.pack@example.test', 'fr');
    booking.lea = await bookAndPay(lea, course.id);
    expect((await lea.request('PUT', `/api/bookings/${booking.lea}/case`, { learnerCase: 'PROBATION_48N', letterReceivedOn: '2026-11-02' })).statusCode).toBe(200);
    const ben = await signUpLearner(platform, 'ben.pack@example.test', 'en');
    booking.ben = await bookAndPay(ben, course.id);
    booking.cleo = await bookAndPay(await signUpLearner(platform, 'cleo.pack@example.test', 'fr'), later.id);
    const facilitators = [{ role: 'ROAD_SAFETY_EXPERT', name: 'Jean Martin' }, { role: 'PSYCHOLOGIST', name: 'Claire Petit' }];
    expect((await centre.request('PUT', `/api/organization/courses/${course.id}/facilitators`, { facilitators })).statusCode).toBe(200);
    await at('2026-11-21T10:00:00.000Z');
    const bookings = (await centre.get(`/api/organization/bookings?courseId=${course.id}`)).json() as Array<{ id: string; bookingReference: string }>;
    reference.lea = bookings.find((b) => b.id === booking.lea)!.bookingReference;
    reference.ben = bookings.find((b) => b.id === booking.ben)!.bookingReference;
  });
  afterAll(async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not made before the course has ended: 409 in the caller’s language, and nothing awaited', async () => {
    await at('2026-12-05T15:59:00.000Z');
    const zip = await centre.get(`/api/organization/courses/${course.id}/prefecture-pack`);
    expect(zip.statusCode).toBe(409);
    expect(zip.json()).toMatchObject({ code: 'PREFECTURE_PACK_NOT_DUE' });
    expect(zip.body).toMatch(/une fois le stage terminé/);
    const sent = await admin.post(`/api/organization/courses/${course.id}/prefecture-pack/sent`);
    expect(sent.statusCode).toBe(409);
    expect(sent.body).toMatch(/once the course has ended/);
    expect(await packs()).toEqual([]);
  });

  it('lists the ended course with its deadline and days left, once attendance is recorded', async () => {
    await at('2026-12-06T09:00:00.000Z');
    const entries = [...row(booking.lea, () => 'PRESENT'), ...row(booking.ben, (h) => (h === 'DAY2_AFTERNOON' ? 'ABSENT' : 'PRESENT'))];
    expect((await centre.request('PUT', `/api/organization/courses/${course.id}/attendance`, { entries })).statusCode).toBe(200);
    await at('2026-12-06T09:01:00.000Z');
    expect(await packs()).toEqual([expect.objectContaining({
      courseId: course.id, antsNumber: 'ANTS-13-55555', deadline: '2026-12-20', daysLeft: 14, late: false, participants: 2, completed: 1,
    })]);
  });

  it('answers the pack as a ZIP: the sheet as recorded, the completed learner’s attestation, and the summary CSV', async () => {
    const response = await centre.get(`/api/organization/courses/${course.id}/prefecture-pack`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="dossier-prefecture-2026-12-04-ANTS-13-55555.zip"');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    if (process.env.SAVE_PDFS) (await import('node:fs')).writeFileSync('/tmp/pack.zip', response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([`attestation-stage-${reference.lea}-MARTIN.pdf`, 'feuille-emargement-2026-12-04.pdf', 'recapitulatif-stagiaires-2026-12-04.csv']);

    const sheet = pdfText(Buffer.from(files['feuille-emargement-2026-12-04.pdf']!)).flat();
    expect(sheet).toContain('Absent(e)');
    expect(sheet.filter((l) => l === 'Présent(e)')).toHaveLength(7);
    expect(sheet.some((l) => /Claire Petit/.test(l))).toBe(true);
    const attestation = pdfText(Buffer.from(files[`attestation-stage-${reference.lea}-MARTIN.pdf`]!)).flat().join(' ');
    for (const expected of ['ATTESTATION DE SUIVI DE STAGE', 'ANTS-13-55555', 'MARTIN Léa', 'Jean Martin', 'Remboursement de l’amende']) expect(attestation, expected).toContain(expected);

    const bytes = files['recapitulatif-stagiaires-2026-12-04.csv']!;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = Buffer.from(bytes).toString('utf8');
    expect(csv.split('\r\n')).toHaveLength(4);
    const rows = parse(csv, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2);
    const byReference = new Map(rows.map((r) => [r['Référence'], r]));
    expect(byReference.get(reference.lea)).toMatchObject({
      'Nom': 'Martin', 'Date de naissance': '14/05/1990', 'N° de permis': '123456789012', 'Jour 1 matin': 'Présent(e)', 'Jour 2 après-midi': 'Présent(e)', 'Résultat': 'Stage suivi', 'Attestation': 'Jointe',
    });
    expect(byReference.get(reference.lea)!['Cas du stagiaire']).toMatch(/48N/);
    expect(byReference.get(reference.ben)).toMatchObject({ 'Jour 2 matin': 'Présent(e)', 'Jour 2 après-midi': 'Absent(e)', 'Résultat': 'Stage non suivi', 'Attestation': 'Sans objet' });
    expect(csv.split('\r\n')[1]!.split(';').every((field) => /^".*"$/.test(field))).toBe(true);
  });

  it('reminds the centre 10 days after the course, once, across a restart, in its language', async () => {
    await at('2026-12-15T07:59:00.000Z');
    expect(await packMails()).toEqual([]);
    await restartAt('2026-12-15T08:30:00.000Z');
    const mails = await packMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Dossier de la préfecture à envoyer/);
    expect(mails[0]!.text).toContain('au plus tard le dimanche 20 décembre 2026');
    expect(mails[0]!.links.some((l) => l.endsWith(`/api/organization/courses/${course.id}/prefecture-pack`))).toBe(true);
    await restartAt('2026-12-15T09:00:00.000Z');
    await at('2026-12-16T09:00:00.000Z');
    expect(await packMails()).toHaveLength(1);
    expect((await history(course.id)).filter((e) => e.type === 'CoursePrefecturePackReminderSent').map((e) => e.data.day)).toEqual([10]);
  });

  it('marks the pack sent once: it leaves the list, and the last day’s reminder is not sent', async () => {
    const sent = await centre.post(`/api/organization/courses/${course.id}/prefecture-pack/sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ courseId: course.id, sentAt: '2026-12-16T09:00:00.000Z' });
    await at('2026-12-16T10:00:00.000Z');
    const again = await centre.post(`/api/organization/courses/${course.id}/prefecture-pack/sent`);
    expect(again.json()).toMatchObject({ sentAt: '2026-12-16T09:00:00.000Z' });
    expect((await packs()).map((p) => p.courseId)).not.toContain(course.id);
    await restartAt('2026-12-20T08:30:00.000Z');
    await at('2026-12-20T12:00:00.000Z');
    expect(await packMails()).toHaveLength(1);
    expect((await history(course.id)).filter((e) => e.type === 'CoursePrefecturePackSent')).toHaveLength(1);
  });

  it('reminds on the last day, by e-mail only while the centre wants them, then shows the pack late to the centre and to the administrator', async () => {
    const notifications = { newBooking: true, cancellationOrMove: true, lowEnrolment: true, packDue: false };
    expect((await centre.request('PATCH', '/api/organization/profile', { notifications })).statusCode).toBe(200);
    await at('2026-12-22T08:00:00.000Z');
    expect((await packMails()).filter((m) => m.links[0]!.includes(later.id))).toEqual([]);
    expect((await centre.request('PATCH', '/api/organization/profile', { notifications: { ...notifications, packDue: true } })).statusCode).toBe(200);
    await at('2026-12-27T08:00:00.000Z');
    const mails = (await packMails()).filter((m) => m.links[0]!.includes(later.id)).map((m) => m.subject);
    expect(mails).toEqual([expect.stringMatching(/^Dernier jour/)]);
    expect((await history(later.id)).filter((e) => e.type === 'CoursePrefecturePackReminderSent').map((e) => e.data.day)).toEqual([10, 15]);
    expect((await packs())[0]).toMatchObject({ courseId: later.id, daysLeft: 0, late: false });
    await at('2026-12-28T09:00:00.000Z');
    expect(await packs()).toEqual([expect.objectContaining({ courseId: later.id, daysLeft: -1, late: true, participants: 1, completed: 0 })]);
    const late = (await admin.get('/api/admin/prefecture-packs/late')).json() as LatePackDto[];
    expect(late.filter((p) => p.courseId === later.id || p.courseId === course.id)).toEqual([
      expect.objectContaining({ courseId: later.id, organizationName: 'Provence Sécurité Routière', deadline: '2026-12-27', late: true }),
    ]);
  });

  describe('another centre', () => {
    let other: TestClient;
    beforeAll(async () => {
      const account = (await admin.post('/api/admin/users', { email: 'other.pack@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' })).json() as { id: string };
      const created = await admin.post('/api/admin/organizations', {
        name: 'Azur Conduite', address: '1 promenade des Anglais', city: 'Nice', postalCode: '06000', email: 'contact@azur-conduite.test', phoneNumber: '04 93 00 00 00',
        prefectApprovalReference: 'R1300600999', ownerUserId: account.id,
      });
      expect(created.statusCode).toBe(201);
      other = new TestClient(platform.app, 'en');
      await other.login('other.pack@example.test', 'centre-password');
      other.minPosition = admin.minPosition;
    });

    it('gets 404 for the first centre’s course, and an empty list', async () => {
      expect((await other.get(`/api/organization/courses/${later.id}/prefecture-pack`)).statusCode).toBe(404);
      expect((await other.post(`/api/organization/courses/${later.id}/prefecture-pack/sent`)).statusCode).toBe(404);
      expect((await other.get('/api/organization/prefecture-packs')).json()).toEqual([]);
    });
  });
});
