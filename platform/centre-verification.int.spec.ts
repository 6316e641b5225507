import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { book, CARDS, openPayment, payByCard } from './money-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const profile = {
  name: 'Var Route Avenir', address: '3 avenue de la Victoire', city: 'Hyères', postalCode: '83400', email: 'contact@var-route-avenir.test',
  phoneNumber: '04 94 12 34 56', website: 'https://var-route-avenir.test', description: 'Stages de récupération de points à Hyères et alentours.',
  descriptionEn: 'Points recovery courses in Hyères and nearby.', prefectApprovalReference: 'R1308300100',
};
/** Weeks after the first legal Friday whose Friday and Saturday are no public holiday (not Christmas, not New Year's Day). */
const SAFE_WEEKS = [0, 1, 2, 5, 6, 7, 8, 9];
const hyeres = (overrides: Record<string, unknown> = {}) => legalCourse({ title: 'Hyères', city: 'Hyères', postalCode: '83400', department: '83', address: 'Espace Costebelle, 7 avenue Gambetta', ...overrides });

/**
 * Issue 18, points 5, 6 and 10: "verified" means something. A verified centre's change of name, address or
 * approval waits for an administrator; a centre whose verification is withdrawn sells nothing more and shows
 * nowhere public (its bookings stay); only verified centres' courses reach the public.
 */
describe('a centre’s verification', () => {
  let platform: Platform;
  let admin: TestClient;
  let visitor: TestClient;
  let n = 0;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    visitor = new TestClient(platform.app, 'fr');
  });
  afterAll(async () => {
    await platform.close();
  });

  /** A verified centre created by an administrator, run by a new ORGANIZATION account (in English) signed in, with a course. */
  async function verifiedCentre(overrides: Record<string, unknown> = {}) {
    n += 1;
    const email = `verified-centre-${n}@example.test`;
    const account = await admin.post('/api/admin/users', { email, firstName: 'Claire', lastName: 'Moreau', role: 'ORGANIZATION', language: 'EN', password: 'centre-password' });
    expect(account.statusCode).toBe(201);
    const created = await admin.post('/api/admin/organizations', { ...profile, ...overrides, isVerified: true, ownerUserId: (account.json() as { id: string }).id });
    expect(created.statusCode).toBe(201);
    const client = new TestClient(platform.app, 'en');
    await client.login(email, 'centre-password');
    const course = await client.post('/api/courses', hyeres(weeksLater(SAFE_WEEKS[n]!)));
    expect(course.statusCode, course.body).toBe(201);
    return { client, email, centre: created.json() as OrganizationDto, course: course.json() as CourseResponse };
  }

  /** What the public sees, once the read models hold everything written so far. */
  async function publicly() {
    await platform.settled();
    visitor.minPosition = await platform.adapters.eventStore.headPosition();
    const search = (await visitor.get('/api/courses/search')).json() as CourseDto[];
    const paged = (await visitor.get('/api/courses/search?department=83&page=1&pageSize=100')).json() as { items: CourseDto[] };
    const sitemap = (await visitor.get('/sitemap.xml')).body;
    return { search, paged: paged.items, sitemap };
  }

  const mailsTo = async (to: string, kind: string) => {
    await platform.settled();
    return (await platform.adapters.mailer.list()).filter((m) => m.to === to && m.kind === kind);
  };

  describe('a verified centre changing its name, address or approval (point 5)', () => {
    it('stays verified with its old identity in force everywhere until an administrator approves the change', async () => {
      const { client, email, centre, course } = await verifiedCentre();
      const renamed = { ...profile, name: 'Renamed Centre <b>x</b>', prefectApprovalReference: 'R0000000001', phoneNumber: '04 94 99 99 99' };
      const saved = await client.request('PATCH', '/api/organization/profile', renamed);
      expect(saved.statusCode).toBe(200);
      // The phone applies at once; the name and the approval wait, the centre still verified.
      expect(saved.json()).toMatchObject({
        id: centre.id, isVerified: true, name: 'Var Route Avenir', prefectApprovalReference: 'R1308300100', phoneNumber: '04 94 99 99 99',
        pendingIdentityChange: { name: 'Renamed Centre <b>x</b>', prefectApprovalReference: 'R0000000001', address: profile.address, requestId: expect.any(String) },
      });
      const pending = (saved.json() as OrganizationDto).pendingIdentityChange!;
      expect((await client.get('/api/organization/profile')).json()).toMatchObject({ name: 'Var Route Avenir', pendingIdentityChange: { requestId: pending.requestId } });
      // Everything public still names the centre as verified.
      const before = await publicly();
      expect(before.search.find((c) => c.id === course.id)?.organization.name).toBe('Var Route Avenir');
      expect(((await visitor.get(`/api/courses/${course.id}`)).json() as CourseDto).organization.name).toBe('Var Route Avenir');

      // The administrators see the request, old and new.
      admin.minPosition = client.minPosition;
      const flagged = (await admin.get('/api/admin/organizations?pendingChange=true')).json() as AdminOrganizationDto[];
      expect(flagged.find((o) => o.id === centre.id)).toMatchObject({ name: 'Var Route Avenir', pendingIdentityChange: { name: 'Renamed Centre <b>x</b>', requestId: pending.requestId } });

      // Saving the same again asks nothing new; a new request replaces it, and an administrator decides only on the one pending.
      const again = await client.request('PATCH', '/api/organization/profile', renamed);
      expect((again.json() as OrganizationDto).pendingIdentityChange?.requestId).toBe(pending.requestId);
      const replaced = await client.request('PATCH', '/api/organization/profile', { ...renamed, name: 'Var Route Horizon' });
      const current = (replaced.json() as OrganizationDto).pendingIdentityChange!;
      expect(current).toMatchObject({ name: 'Var Route Horizon', prefectApprovalReference: 'R0000000001' });
      expect(current.requestId).not.toBe(pending.requestId);
      const stale = await admin.post(`/api/admin/organizations/${centre.id}/identity-change/approve`, { requestId: pending.requestId });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'IDENTITY_CHANGE_NOT_PENDING', message: expect.stringMatching(/no longer pending/) });

      const approved = await admin.post(`/api/admin/organizations/${centre.id}/identity-change/approve`, { requestId: current.requestId });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ isVerified: true, name: 'Var Route Horizon', prefectApprovalReference: 'R0000000001', pendingIdentityChange: null });
      expect((await publicly()).search.find((c) => c.id === course.id)?.organization.name).toBe('Var Route Horizon');
      expect(await mailsTo(email, 'centre-identity-approved')).toHaveLength(1);
      expect((await admin.post(`/api/admin/organizations/${centre.id}/identity-change/approve`, { requestId: current.requestId })).statusCode).toBe(409);
    });

    it('keeps its identity when an administrator rejects the change, and is told', async () => {
      const { client, email, centre } = await verifiedCentre();
      const asked = await client.request('PATCH', '/api/organization/profile', { ...profile, address: '1 place Clemenceau', city: 'Toulon', postalCode: '83000' });
      const { requestId } = (asked.json() as OrganizationDto).pendingIdentityChange!;
      const frAdmin = new TestClient(platform.app, 'fr');
      await frAdmin.login('admin@demo.test');
      const wrong = await frAdmin.post(`/api/admin/organizations/${centre.id}/identity-change/reject`, { requestId: 'not-this-one' });
      expect(wrong.json()).toMatchObject({ code: 'IDENTITY_CHANGE_NOT_PENDING', field: 'requestId', message: expect.stringMatching(/n’est plus en attente/) });
      const rejected = await admin.post(`/api/admin/organizations/${centre.id}/identity-change/reject`, { requestId });
      expect(rejected.json()).toMatchObject({ address: profile.address, city: 'Hyères', postalCode: '83400', isVerified: true, pendingIdentityChange: null });
      expect(await mailsTo(email, 'centre-identity-rejected')).toHaveLength(1);
      // Withdrawing is saving the identity in force again.
      await client.request('PATCH', '/api/organization/profile', { ...profile, name: 'Var Route Encore' });
      expect(((await client.request('PATCH', '/api/organization/profile', profile)).json() as OrganizationDto).pendingIdentityChange).toBeNull();
    });

    it('is edited directly by an administrator', async () => {
      const { centre } = await verifiedCentre();
      const edited = await admin.request('PATCH', `/api/admin/organizations/${centre.id}`, { ...profile, name: 'Var Route Avenir Hyères', isVerified: true });
      expect(edited.json()).toMatchObject({ name: 'Var Route Avenir Hyères', isVerified: true, pendingIdentityChange: null });
    });
  });

  describe('a centre whose verification is withdrawn (points 6 and 10)', () => {
    it('leaves every public place and takes no booking; bookings made stay, the centre is told, and verifying it again brings it back', async () => {
      const { client, email, centre, course } = await verifiedCentre();
      const other = (await client.post('/api/courses', hyeres(weeksLater(10)))).json() as CourseResponse;
      const paying = await signUpLearner(platform, `paying-${n}@example.test`);
      const paid = await bookAndPay(paying, course.id);
      const waiting = await signUpLearner(platform, `waiting-${n}@example.test`);
      const pending = ((await waiting.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json() as { id: string }).id;
      const before = await publicly();
      for (const id of [course.id, other.id]) {
        expect(before.search.map((c) => c.id)).toContain(id);
        expect(before.paged.map((c) => c.id)).toContain(id);
        expect(before.sitemap).toContain(`/courses/${id}<`);
      }

      const withdrawn = await admin.request('PATCH', `/api/admin/organizations/${centre.id}`, { ...profile, isVerified: false });
      expect(withdrawn.json()).toMatchObject({ isVerified: false });

      // Gone from the search (home and filters), its pages and the sitemap.
      const after = await publicly();
      for (const id of [course.id, other.id]) {
        expect(after.search.map((c) => c.id)).not.toContain(id);
        expect(after.paged.map((c) => c.id)).not.toContain(id);
        expect(after.sitemap).not.toContain(`/courses/${id}<`);
        expect((await visitor.get(`/api/courses/${id}`)).statusCode).toBe(404);
      }
      const stranger = await signUpLearner(platform, `stranger-${n}@example.test`, 'en');
      stranger.minPosition = visitor.minPosition;
      expect((await stranger.get(`/api/courses/${course.id}`)).statusCode).toBe(404);
      expect((await stranger.get(`/api/courses/${course.id}/eligibility`)).statusCode).toBe(404);
      // Those who booked it, its centre and the administrators still see it.
      paying.minPosition = visitor.minPosition;
      client.minPosition = visitor.minPosition;
      admin.minPosition = visitor.minPosition;
      for (const caller of [paying, client, admin]) expect((await caller.get(`/api/courses/${course.id}`)).statusCode).toBe(200);

      // The command side refuses a booking, whatever the read models say.
      const refused = await stranger.post('/api/bookings', { earlyStartRequested: true, courseId: other.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'SELLER_NOT_VERIFIED', message: expect.stringMatching(/no longer verified/) });
      const frLearner = await signUpLearner(platform, `fr-learner-${n}@example.test`, 'fr');
      expect((await frLearner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).json()).toMatchObject({ code: 'SELLER_NOT_VERIFIED', message: expect.stringMatching(/n’est plus vérifié/) });

      // The bookings made stay: the centre sees them and confirms the pending one; the learner's is still paid.
      const bookings = (await client.get('/api/organization/bookings')).json() as BookingDto[];
      expect(bookings.map((b) => b.id).sort()).toEqual([paid, pending].sort());
      expect((await client.post(`/api/bookings/${pending}/approve`)).statusCode).toBe(200);
      expect(((await paying.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === paid)).toMatchObject({ status: 'CONFIRMED' });

      // The centre is told: by mail, and on its own record (dashboard and profile).
      expect(await mailsTo(email, 'centre-verification-withdrawn')).toHaveLength(1);
      expect((await client.get('/api/organization')).json()).toMatchObject({ isVerified: false, verificationWithdrawnAt: expect.any(String) });

      // Verified again: back everywhere, bookable, and told.
      expect((await admin.post(`/api/admin/organizations/${centre.id}/approve`)).json()).toMatchObject({ isVerified: true, verificationWithdrawnAt: null });
      const back = await publicly();
      expect(back.search.map((c) => c.id)).toEqual(expect.arrayContaining([course.id, other.id]));
      expect(back.sitemap).toContain(`/courses/${other.id}<`);
      expect((await stranger.post('/api/bookings', { earlyStartRequested: true, courseId: other.id })).statusCode).toBe(201);
      expect(await mailsTo(email, 'centre-verified-again')).toHaveLength(1);
      // A centre verified at its creation is not mailed "verified again".
      expect((await platform.adapters.mailer.list()).filter((m) => m.kind === 'centre-verified-again')).toHaveLength(1);
    });

    it('takes no payment for a booking made before: its learner is told, may cancel it, and a charge that lands is kept as ever', async () => {
      const { centre, course } = await verifiedCentre();
      // Before the withdrawal: one learner opened the checkout and left it open, one booked without paying yet,
      // two opened the checkout and pay in it afterwards; one paid.
      const leftOpen = await signUpLearner(platform, `left-open-${n}@example.test`, 'fr');
      const leftOpenBooking = await book(leftOpen, course.id);
      const leftOpenIntent = await openPayment(leftOpen, leftOpenBooking);
      const notYet = await signUpLearner(platform, `not-yet-${n}@example.test`, 'en');
      const notYetBooking = await book(notYet, course.id);
      const latePayers = await Promise.all(['late-confirm', 'late-reload'].map(async (who) => {
        const learner = await signUpLearner(platform, `${who}-${n}@example.test`, 'en');
        const bookingId = await book(learner, course.id);
        return { learner, bookingId, intent: await openPayment(learner, bookingId) };
      }));
      const paying = await signUpLearner(platform, `paid-before-${n}@example.test`);
      await bookAndPay(paying, course.id);

      expect((await admin.request('PATCH', `/api/admin/organizations/${centre.id}`, { ...profile, isVerified: false })).json()).toMatchObject({ isVerified: false });
      await platform.settled();

      // No payment starts any more, whatever the read models say, in the learner's language; nothing changed on the booking.
      const refused = await leftOpen.post(`/api/bookings/${leftOpenBooking}/create-payment-intent`);
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['content-type']).toMatch(/problem\+json/);
      expect(refused.json()).toMatchObject({ code: 'SELLER_NOT_VERIFIED', message: expect.stringMatching(/^Le centre qui organise ce stage n’est plus vérifié .* ne peut plus recevoir de paiement.*annulez cette réservation/) });
      expect((await notYet.post(`/api/bookings/${notYetBooking}/create-payment-intent`)).json()).toMatchObject({
        code: 'SELLER_NOT_VERIFIED', message: expect.stringMatching(/^The centre that runs this course is no longer verified .* can no longer take payments.*cancel this booking/),
      });
      const history = await platform.adapters.eventStore.readStream(`booking-${notYetBooking}`);
      expect(history.map((e) => e.type)).toEqual(['BookingPlaced']);
      // The checkout left open cannot be paid after the refusal: its attempt was cancelled at the provider.
      const lateCard = await payByCard(leftOpen, leftOpenIntent, CARDS.visa);
      expect(lateCard.statusCode, lateCard.body).not.toBe(200);
      expect((await leftOpen.post(`/api/bookings/${leftOpenBooking}/confirm-payment`, { paymentIntentId: leftOpenIntent.paymentIntentId })).statusCode).not.toBe(200);

      // Money a card gives on a checkout opened before the refusal is kept as ever: confirmed (and invoiced), never lost.
      const [confirming, reloading] = latePayers;
      for (const { learner, intent } of latePayers) expect((await payByCard(learner, intent, CARDS.visa)).statusCode).toBe(200);
      expect((await confirming!.learner.post(`/api/bookings/${confirming!.bookingId}/confirm-payment`, { paymentIntentId: confirming!.intent.paymentIntentId })).json())
        .toMatchObject({ bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' });
      // A learner who reloads the checkout instead finds the booking paid.
      expect((await reloading!.learner.post(`/api/bookings/${reloading!.bookingId}/create-payment-intent`)).json()).toMatchObject({ code: 'BOOKING_ALREADY_PAID' });
      await platform.settled();
      for (const { learner, bookingId } of latePayers) {
        learner.minPosition = await platform.adapters.eventStore.headPosition();
        expect(((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === bookingId)).toMatchObject({ status: 'CONFIRMED', payment: { status: 'SUCCEEDED' } });
        expect((await learner.get(`/api/bookings/${bookingId}/invoice`)).statusCode).toBe(200);
      }

      // Each learner whose booking awaited payment was told, once, in their language; the one who had paid was not.
      const told = async (email: string) => (await mailsTo(email, 'booking-seller-unverified')).map((m) => m.subject);
      expect(await told(`left-open-${n}@example.test`)).toEqual(['Votre réservation ne peut plus être payée en ligne — Récup\'Points']);
      expect(await told(`not-yet-${n}@example.test`)).toEqual(['Your booking can no longer be paid online — Récup\'Points']);
      expect(await told(`paid-before-${n}@example.test`)).toEqual([]);

      // The learner gives the place up: cancelled, nothing to refund, the spot released.
      const cancelled = await leftOpen.post(`/api/bookings/${leftOpenBooking}/cancel`);
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', refundDue: false, refund: 'NONE' });
      expect(await platform.adapters.eventStore.readStream(`course-${course.id}`)).toContainEqual(expect.objectContaining({ type: 'SpotReleased', data: expect.objectContaining({ bookingId: leftOpenBooking }) }));
      expect((await notYet.post(`/api/bookings/${notYetBooking}/cancel`)).json()).toMatchObject({ status: 'CANCELLED', refund: 'NONE' });

      // Verified again, the centre sells again: the learner who kept a booking may pay it (here, it was cancelled: a new one).
      expect((await admin.post(`/api/admin/organizations/${centre.id}/approve`)).json()).toMatchObject({ isVerified: true });
      const again = await book(notYet, course.id);
      expect((await notYet.post(`/api/bookings/${again}/create-payment-intent`)).statusCode).toBe(200);
    });
  });
});
