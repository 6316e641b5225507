import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamHistoryResponse } from '@recup/command-api/contracts';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import type { ExpiringApprovalsResponse } from '@recup/query-api/contracts/admin';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { moved } from './move-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const profile = {
  name: 'Alpes Conduite Avenir', address: '5 rue de la Liberté', city: 'Gap', postalCode: '05000', email: 'secretariat@alpes-conduite.test',
  phoneNumber: '04 92 51 00 00', website: null, description: 'Stages de récupération de points à Gap.', descriptionEn: 'Points recovery courses in Gap.',
  prefectApprovalReference: 'R0500500123',
};
const gap = (title: string, overrides: Record<string, unknown> = {}) =>
  legalCourse({ title, city: 'Gap', postalCode: '05000', department: '05', address: 'Salle des fêtes, 2 place Jean Marcellin', totalSpots: 12, ...overrides });
const ALL_ON = { newBooking: true, cancellationOrMove: true, lowEnrolment: true, packDue: true };

/**
 * Issue 20 §5 and §7: the centre is told, at its own address and in its language, of a new confirmed booking, a
 * cancellation or a move, a course short of participants 10 days before it (once, across a restart, in the course's
 * history), and its approval ending in 60 days (once); each kind of booking news can be turned off in its profile.
 * The administrators are told of a centre waiting for approval, and the centre of its approval. A centre whose
 * approval has ended publishes nothing. The clock (21 November 2026 at start) is moved by hand.
 */
describe('the centre is told', () => {
  let platform: Platform;
  let dataDir: string;
  let admin: TestClient;
  let centre: TestClient;
  let organization: OrganizationDto;
  const courses = { a: '', b: '', c: '' };

  async function at(iso: string) {
    platform.clock.set(iso);
    await platform.reactors.sweep();
    await platform.settled();
  }
  async function restartAt(iso: string) {
    await platform.close();
    platform = await startTestPlatform({ dataDir, now: iso });
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    centre = new TestClient(platform.app, 'en');
    await centre.login('alpes-centre@example.test', 'centre-password');
    await platform.reactors.sweep();
    await platform.settled();
  }
  const mailsOf = async (kind: string, to = profile.email) => (await platform.adapters.mailer.list()).filter((m) => m.kind === kind && m.to === to);
  async function chooseNotifications(notifications: typeof ALL_ON) {
    const saved = await centre.request('PATCH', '/api/organization/profile', { notifications });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as OrganizationDto).notifications).toEqual(notifications);
    await platform.settled();
  }
  async function publish(title: string, weeks: number) {
    const created = await centre.post('/api/courses', gap(title, weeksLater(weeks)));
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as CourseResponse).id;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'recup-centre-notices-'));
    platform = await startTestPlatform({ dataDir });
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    const account = await admin.post('/api/admin/users', { email: 'alpes-centre@example.test', firstName: 'Lucie', lastName: 'Martin', role: 'ORGANIZATION', language: 'EN', password: 'centre-password' });
    expect(account.statusCode).toBe(201);
    const created = await admin.post('/api/admin/organizations', { ...profile, isVerified: true, ownerUserId: (account.json() as { id: string }).id });
    expect(created.statusCode, created.body).toBe(201);
    organization = created.json() as OrganizationDto;
    centre = new TestClient(platform.app, 'en');
    await centre.login('alpes-centre@example.test', 'centre-password');
    courses.a = await publish('Gap A', 0);
    courses.b = await publish('Gap B', 1);
    courses.c = await publish('Gap C', 2);
  });
  afterAll(async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has every e-mail on at first, and no approval dates', async () => {
    const read = (await centre.get('/api/organization/profile')).json() as OrganizationDto;
    expect(read.notifications).toEqual(ALL_ON);
    expect([read.approvalGrantedOn, read.approvalExpiresOn]).toEqual([null, null]);
  });

  it('changes its e-mails alone, leaving its details as they are', async () => {
    const chosen = await centre.request('PATCH', '/api/organization/profile', { notifications: { ...ALL_ON, packDue: false } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ name: profile.name, description: profile.description, notifications: { ...ALL_ON, packDue: false } });
    await platform.settled();
    centre.minPosition = await platform.adapters.eventStore.headPosition();
    expect(((await centre.get('/api/organization/profile')).json() as OrganizationDto).notifications).toEqual({ ...ALL_ON, packDue: false });
    expect((await centre.request('PATCH', '/api/organization/profile', { notifications: { newBooking: 'yes' } })).statusCode).toBe(400);
    const learner = await signUpLearner(platform, 'notice-outsider@example.test', 'fr');
    expect((await learner.request('PATCH', '/api/organization/profile', { notifications: ALL_ON })).statusCode).toBe(403);
    await chooseNotifications(ALL_ON);
  });

  it('mails the centre’s address, in its manager’s language, a new confirmed booking and a cancellation', async () => {
    const learner = await signUpLearner(platform, 'notice-learner-1@example.test', 'fr');
    const bookingId = await bookAndPay(learner, courses.a);
    await platform.settled();
    const [booked] = await mailsOf('centre-new-booking');
    expect(booked!.language).toBe('en');
    expect(booked!.subject).toMatch(/^New confirmed booking RP-/);
    expect(booked!.text).toContain('"Gap A"');
    expect(booked!.text).toContain('Confirmed places: 1 of 12.');
    expect(booked!.links).toContain('http://localhost:3000/organization/bookings');
    // The learner's own address is not the centre's: nothing else went to the manager's account.
    expect(await mailsOf('centre-new-booking', 'alpes-centre@example.test')).toEqual([]);
    expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    await platform.settled();
    const [cancelled] = await mailsOf('centre-booking-cancelled');
    expect(cancelled!.text).toContain('is cancelled: its place is free again');
    expect(cancelled!.text).toContain('Confirmed places: 0 of 12.');
  });

  it('mails a move to another of its courses, once', async () => {
    const learner = await signUpLearner(platform, 'notice-learner-2@example.test', 'fr');
    const bookingId = await bookAndPay(learner, courses.a);
    await moved(learner, bookingId, courses.c);
    await platform.settled();
    const moves = await mailsOf('centre-booking-moved');
    expect(moves).toHaveLength(1);
    expect(moves[0]!.text).toMatch(/leaves "Gap A", .* for "Gap C"/);
  });

  it('sends no booking news the centre turned off', async () => {
    await chooseNotifications({ ...ALL_ON, newBooking: false, cancellationOrMove: false });
    const before = (await mailsOf('centre-new-booking')).length + (await mailsOf('centre-booking-cancelled')).length;
    const learner = await signUpLearner(platform, 'notice-learner-3@example.test', 'fr');
    const bookingId = await bookAndPay(learner, courses.b);
    expect((await learner.post(`/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    await platform.settled();
    expect((await mailsOf('centre-new-booking')).length + (await mailsOf('centre-booking-cancelled')).length).toBe(before);
    await chooseNotifications(ALL_ON);
  });

  it('tells the centre of a course short of participants 10 days before it starts, at 09:00 Paris, once', async () => {
    // Gap A: Friday 4 December; 10 days before is 24 November, 09:00 Paris = 08:00 UTC. It holds no confirmed booking.
    await at('2026-11-24T07:59:00.000Z');
    expect(await mailsOf('centre-low-enrolment')).toEqual([]);
    await at('2026-11-24T08:00:00.000Z');
    const [notice] = await mailsOf('centre-low-enrolment');
    expect(notice!.subject).toBe("Course short of participants: 0 of 6 minimum — Récup'Points");
    expect(notice!.text).toContain('Your course "Gap A"');
    expect(notice!.text).toContain('hold it (if it can still fill up), move its trainees to another of your courses, or cancel it');
    expect(notice!.links).toContain('http://localhost:3000/organization/courses?month=2026-12');
    await at('2026-11-24T12:00:00.000Z');
    expect(await mailsOf('centre-low-enrolment')).toHaveLength(1);
  });

  it('after a restart on the same data, does not tell it again, and tells of the next course when its time comes', async () => {
    await restartAt('2026-11-24T13:00:00.000Z');
    expect(await mailsOf('centre-low-enrolment')).toHaveLength(1);
    // Gap B (11 December): its notice falls on 1 December; the centre turned low-enrolment e-mails off by then.
    await chooseNotifications({ ...ALL_ON, lowEnrolment: false });
    await restartAt('2026-12-01T08:00:00.000Z');
    expect(await mailsOf('centre-low-enrolment')).toHaveLength(1);
    const history = (await admin.get(`/api/admin/history/course/${courses.b}`)).json() as StreamHistoryResponse;
    expect(history.events.filter((e) => e.type === 'CourseLowEnrolmentNoticed').map((e) => e.occurredAt)).toEqual(['2026-12-01T08:00:00.000Z']);
    const first = (await admin.get(`/api/admin/history/course/${courses.a}`)).json() as StreamHistoryResponse;
    expect(first.events.filter((e) => e.type === 'CourseLowEnrolmentNoticed').map((e) => (e.data as { participants: number }).participants)).toEqual([0]);
    await chooseNotifications(ALL_ON);
  });

  it('records the approval’s dates an administrator enters: 5 years less a day unless its end is entered', async () => {
    const recorded = await admin.request('PATCH', `/api/admin/organizations/${organization.id}`, { ...profile, approvalGrantedOn: '2022-01-31' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((recorded.json() as OrganizationDto).approvalExpiresOn).toBe('2027-01-30');
    const wrong = await admin.request('PATCH', `/api/admin/organizations/${organization.id}`, { ...profile, approvalGrantedOn: '2022-01-31', approvalExpiresOn: '2021-01-01' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_APPROVAL_DATES', field: 'approvalExpiresOn' });
    await platform.settled();
    centre.minPosition = await platform.adapters.eventStore.headPosition();
    const read = (await centre.get('/api/organization/profile')).json() as OrganizationDto;
    expect([read.approvalGrantedOn, read.approvalExpiresOn]).toEqual(['2022-01-31', '2027-01-30']);
    // The centre may send back what it read, but not change its approval's dates.
    const { id: _id, isVerified: _verified, createdAt: _created, ownerUserId: _owner, pendingIdentityChange: _pending, verificationWithdrawnAt: _withdrawn, ...echo } = read;
    const tried = await centre.request('PATCH', '/api/organization/profile', { ...echo, approvalGrantedOn: '2026-01-01', approvalExpiresOn: '2040-01-01' });
    expect(tried.statusCode, tried.body).toBe(200);
    expect([(tried.json() as OrganizationDto).approvalGrantedOn, (tried.json() as OrganizationDto).approvalExpiresOn]).toEqual(['2022-01-31', '2027-01-30']);
  });

  it('lists the approvals ending within 90 days to administrators', async () => {
    admin.minPosition = await platform.adapters.eventStore.headPosition();
    const listed = (await admin.get('/api/admin/approvals/expiring')).json() as ExpiringApprovalsResponse;
    expect(listed.withinDays).toBe(90);
    const ours = listed.approvals.find((a) => a.organizationId === organization.id);
    // 1 December 2026 → 30 January 2027: 60 days.
    expect(ours).toMatchObject({ name: profile.name, approvalExpiresOn: '2027-01-30', daysLeft: 60, expired: false, prefectApprovalReference: profile.prefectApprovalReference });
  });

  it('tells the centre 60 days before its approval ends, once, across a restart', async () => {
    // 60 days before 30 January 2027 is 1 December 2026: already due at the time the dates were recorded.
    await at('2026-12-01T08:30:00.000Z');
    const [notice] = await mailsOf('centre-approval-expiring');
    expect(notice!.subject).toBe("Your prefectoral approval ends on Saturday, January 30, 2027 — Récup'Points");
    expect(notice!.text).toContain('(R0500500123)');
    await restartAt('2026-12-02T09:00:00.000Z');
    expect(await mailsOf('centre-approval-expiring')).toHaveLength(1);
    const history = (await admin.get(`/api/admin/history/organization/${organization.id}`)).json() as StreamHistoryResponse;
    expect(history.events.filter((e) => e.type === 'OrganizationApprovalExpiryNoticed')).toHaveLength(1);
  });

  it('refuses to publish once the approval has ended, naming it, in the caller’s language', async () => {
    const ended = await admin.request('PATCH', `/api/admin/organizations/${organization.id}`, { ...profile, approvalGrantedOn: '2021-01-01', approvalExpiresOn: '2026-11-30' });
    expect(ended.statusCode, ended.body).toBe(200);
    const refused = await centre.post('/api/courses', gap('Gap D', weeksLater(6)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'APPROVAL_EXPIRED', approvalExpiresOn: '2026-11-30' });
    expect((refused.json() as { message: string }).message).toMatch(/prefectoral approval ended on Monday, November 30, 2026/);
    const french = new TestClient(platform.app, 'fr');
    await french.login('alpes-centre@example.test', 'centre-password');
    const batch = await french.post('/api/courses/batch', [gap('Gap E', weeksLater(7))]);
    expect(batch.statusCode).toBe(409);
    expect((batch.json() as { message: string }).message).toMatch(/agrément préfectoral de votre centre a pris fin le lundi 30 novembre 2026/);
    // New dates: it publishes again.
    expect((await admin.request('PATCH', `/api/admin/organizations/${organization.id}`, { ...profile, approvalGrantedOn: '2026-11-30' })).statusCode).toBe(200);
    expect((await centre.post('/api/courses', gap('Gap F', weeksLater(6)))).statusCode).toBe(201);
  });
});

describe('a centre waiting for approval', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is announced to the administrators, and told when it is approved', async () => {
    const admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    const account = await admin.post('/api/admin/users', { email: 'new-centre@example.test', firstName: 'Paul', lastName: 'Roux', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' });
    expect(account.statusCode).toBe(201);
    const centre = new TestClient(platform.app, 'fr');
    await centre.login('new-centre@example.test', 'centre-password');
    const registered = await centre.request('PATCH', '/api/organization/profile', { ...profile, name: 'Durance Permis', email: 'accueil@durance-permis.test' });
    expect(registered.statusCode, registered.body).toBe(200);
    await platform.settled();
    const mails = await platform.adapters.mailer.list();
    const announced = mails.filter((m) => m.kind === 'admin-centre-awaiting-approval' && m.to === 'admin@demo.test');
    expect(announced).toHaveLength(1);
    expect(announced[0]!.text).toContain('Durance Permis');
    expect(announced[0]!.links).toContain('http://localhost:3000/admin/organizations?verified=false');
    // A centre an administrator creates is not announced to them.
    expect(mails.filter((m) => m.kind === 'admin-centre-awaiting-approval' && m.text.includes(profile.name))).toEqual([]);

    const id = (registered.json() as OrganizationDto).id;
    expect((await admin.post(`/api/admin/organizations/${id}/approve`)).statusCode).toBe(200);
    await platform.settled();
    const approved = (await platform.adapters.mailer.list()).filter((m) => m.kind === 'centre-approved');
    expect(approved.map((m) => [m.to, m.subject])).toEqual([['accueil@durance-permis.test', "Votre centre est validé — Récup'Points"]]);
  });
});
