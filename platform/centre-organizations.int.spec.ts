import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { bookAndPay, legalCourse, weeksLater } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const profile = {
  name: 'Var Route Avenir', address: '3 avenue de la Victoire', city: 'Hyères', postalCode: '83400', email: 'contact@var-route-avenir.test',
  phoneNumber: '04 94 12 34 56', website: 'https://var-route-avenir.test', description: 'Stages de récupération de points à Hyères et alentours.',
  descriptionEn: 'Points recovery courses in Hyères and nearby.', prefectApprovalReference: '',
};
const hyeres = (overrides: Record<string, unknown> = {}) => legalCourse({ title: 'Hyères', city: 'Hyères', postalCode: '83400', department: '83', address: 'Espace Costebelle, 7 avenue Gambetta', ...overrides });

describe('training centres: registered by their account, created and managed by administrators', () => {
  let platform: Platform;
  let admin: TestClient;
  let adminFr: TestClient;
  let n = 0;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    adminFr = new TestClient(platform.app, 'fr');
    await adminFr.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  /** A new ORGANIZATION account, created by an administrator, signed in. */
  async function centreAccount(lang = 'en') {
    n += 1;
    const email = `centre-${n}@example.test`;
    const created = await admin.post('/api/admin/users', { email, firstName: 'Claire', lastName: 'Moreau', role: 'ORGANIZATION', language: 'FR', password: 'centre-password' });
    expect(created.statusCode).toBe(201);
    const client = new TestClient(platform.app, lang);
    await client.login(email, 'centre-password');
    return { client, userId: (created.json() as { id: string }).id };
  }

  it('an account registers its centre from its profile, pending verification, and cannot publish until approved', async () => {
    const { client } = await centreAccount();
    const none = await client.post('/api/courses', hyeres());
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'ORGANIZATION_NOT_REGISTERED', message: expect.stringMatching(/fill in your centre’s profile/) });

    const tooShort = await client.request('PATCH', '/api/organization/profile', { ...profile, descriptionEn: 'Too short' });
    expect(tooShort.json()).toMatchObject({ code: 'ORGANIZATION_FIELD_TOO_SHORT', field: 'descriptionEn', message: 'English description must be at least 20 characters' });

    const registered = await client.request('PATCH', '/api/organization/profile', profile);
    expect(registered.statusCode).toBe(200);
    const centre = registered.json() as OrganizationDto;
    expect(centre).toMatchObject({ name: 'Var Route Avenir', isVerified: false, prefectApprovalReference: null, website: 'https://var-route-avenir.test' });

    const refused = await client.post('/api/courses', hyeres());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ORGANIZATION_NOT_VERIFIED', message: expect.stringMatching(/awaiting verification.*as soon as it is approved/) });
    expect((await client.post('/api/courses/batch', [hyeres()])).statusCode).toBe(403);

    // Saving again changes the same centre: never a second one.
    const again = await client.request('PATCH', '/api/organization/profile', { ...profile, prefectApprovalReference: 'R1308300099' });
    expect(again.json()).toMatchObject({ id: centre.id, prefectApprovalReference: 'R1308300099' });

    const approved = await admin.post(`/api/admin/organizations/${centre.id}/approve`);
    expect(approved.json()).toMatchObject({ id: centre.id, isVerified: true });
    expect((await client.post('/api/courses', hyeres())).statusCode).toBe(201);
  });

  describe('an administrator', () => {
    it('needs the prefect’s approval reference to create a centre (spec 001 §5), in the spec’s words', async () => {
      const refused = await adminFr.post('/api/admin/organizations', { ...profile, isVerified: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'PREFECT_APPROVAL_REQUIRED', field: 'prefectApprovalReference', message: 'La référence d\'approbation du préfet est obligatoire pour créer une organisation' });
      const missing = await admin.post('/api/admin/organizations', { ...profile, phoneNumber: '', prefectApprovalReference: 'R1' });
      expect(missing.json()).toMatchObject({ code: 'ORGANIZATION_FIELD_REQUIRED', field: 'phoneNumber' });
    });

    it('creates a centre verified at once, run by the account it names, which publishes straight away', async () => {
      const { client, userId } = await centreAccount();
      const created = await admin.post('/api/admin/organizations', { ...profile, description: '', descriptionEn: '', prefectApprovalReference: 'R1308300100', isVerified: true, ownerUserId: userId });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ isVerified: true, ownerUserId: userId, description: null });
      const course = await client.post('/api/courses', hyeres());
      expect(course.statusCode).toBe(201);
      expect(course.json()).toMatchObject({ organizationId: (created.json() as OrganizationDto).id });
    });

    it('names only an ORGANIZATION account, and one that runs no other centre', async () => {
      const learner = await signUpLearner(platform, 'not-a-centre@example.test');
      const learnerId = ((await learner.get('/api/auth/me')).json() as { id: string }).id;
      const notCentre = await admin.post('/api/admin/organizations', { ...profile, prefectApprovalReference: 'R1', ownerUserId: learnerId });
      expect(notCentre.json()).toMatchObject({ code: 'MANAGER_NOT_ORGANIZATION_ACCOUNT', field: 'ownerUserId' });
      const { userId } = await centreAccount();
      expect((await admin.post('/api/admin/organizations', { ...profile, prefectApprovalReference: 'R1', ownerUserId: userId })).statusCode).toBe(201);
      const taken = await admin.post('/api/admin/organizations', { ...profile, prefectApprovalReference: 'R2', ownerUserId: userId });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'ORGANIZATION_MANAGER_TAKEN' });
    });

    it('edits a centre with the same required fields, verified as chosen: unverified, it publishes nothing', async () => {
      const { client, userId } = await centreAccount();
      const created = (await admin.post('/api/admin/organizations', { ...profile, prefectApprovalReference: 'R1308300101', ownerUserId: userId })).json() as OrganizationDto;
      const withoutReference = await admin.request('PATCH', `/api/admin/organizations/${created.id}`, { ...profile, isVerified: false });
      expect(withoutReference.json()).toMatchObject({ code: 'PREFECT_APPROVAL_REQUIRED' });
      const edited = await admin.request('PATCH', `/api/admin/organizations/${created.id}`, { ...profile, name: 'Var Route Avenir Hyères', prefectApprovalReference: 'R1308300101', isVerified: false });
      expect(edited.json()).toMatchObject({ name: 'Var Route Avenir Hyères', isVerified: false });
      expect((await client.post('/api/courses', hyeres())).statusCode).toBe(403);
      expect((await admin.request('PATCH', `/api/admin/organizations/no-such-centre`, { ...profile, prefectApprovalReference: 'R1' })).statusCode).toBe(404);
    });

    it('creates a course for any centre, SCHEDULED, with the admin form’s fields (no department, free allowed)', async () => {
      const [azur] = (await admin.get('/api/courses/search?department=06')).json() as CourseDto[];
      const body = {
        title: 'Nice', description: 'Stage', organizationId: azur!.organization.id, address: 'Centre Masséna, 15 rue de la Préfecture', city: 'Nice', postalCode: '06000',
        startDate: weeksLater(1).startDate, endDate: weeksLater(1).endDate, price: 0, totalSpots: 15, status: 'SCHEDULED',
      };
      const created = await admin.post('/api/courses', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ organizationId: azur!.organization.id, department: '06', price: 0, status: 'SCHEDULED', spotsLeft: 15 });
      const anonymous = await adminFr.post('/api/courses', { ...body, organizationId: undefined });
      expect(anonymous.json()).toMatchObject({ code: 'COURSE_FIELD_REQUIRED', field: 'organizationId', message: 'L’organisation est requise' });
      expect((await admin.post('/api/courses', { ...body, organizationId: 'no-such-centre' })).statusCode).toBe(404);
      // An administrator deletes any course.
      expect((await admin.request('DELETE', `/api/courses/${(created.json() as CourseResponse).id}`)).json()).toMatchObject({ status: 'CANCELLED', cancelledBookings: 0 });
    });

    it('deletes a centre: its courses are cancelled and their bookings refunded in one chain, and its account can no longer publish', async () => {
      const { client, userId } = await centreAccount();
      const centre = (await admin.post('/api/admin/organizations', { ...profile, prefectApprovalReference: 'R1308300102', ownerUserId: userId })).json() as OrganizationDto;
      const first = (await client.post('/api/courses', hyeres(weeksLater(1)))).json() as CourseResponse;
      const second = (await client.post('/api/courses', hyeres(weeksLater(2)))).json() as CourseResponse;
      const learner = await signUpLearner(platform, 'deleted-centre.learner@example.test', 'en');
      const paid = await bookAndPay(learner, first.id);

      const deleted = await admin.request('DELETE', `/api/admin/organizations/${centre.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ organizationId: centre.id, cancelledCourses: 2, cancelledBookings: 1, refunds: 1 });

      learner.minPosition = admin.minPosition;
      expect(((await learner.get('/api/user/bookings')).json() as BookingDto[]).find((b) => b.id === paid)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
      // The learner still sees the course they booked, cancelled; the other is public no more (its centre is gone).
      expect(((await learner.get(`/api/courses/${first.id}`)).json() as CourseDto).status).toBe('CANCELLED');
      expect((await learner.get(`/api/courses/${second.id}`)).statusCode).toBe(404);
      expect(((await admin.get(`/api/courses/${second.id}`)).json() as CourseDto).status).toBe('CANCELLED');

      const publish = await client.post('/api/courses', hyeres(weeksLater(5)));
      expect(publish.statusCode).toBe(404);
      expect(publish.json()).toMatchObject({ code: 'ORGANIZATION_NOT_REGISTERED' });
      expect((await admin.request('DELETE', `/api/admin/organizations/${centre.id}`)).statusCode).toBe(404);
      expect((await admin.post(`/api/admin/organizations/${centre.id}/approve`)).statusCode).toBe(404);

      const log = await platform.adapters.eventStore.readAll();
      const deletion = log.find((e) => e.type === 'OrganizationDeleted' && (e.data as { organizationId: string }).organizationId === centre.id)!;
      const chain = log.filter((e) => e.metadata.correlationId === deletion.metadata.correlationId).map((e) => e.type);
      expect(chain).toEqual(expect.arrayContaining(['OrganizationDeleted', 'OrganizationManagerReleased', 'CourseCancelled', 'BookingCancelled', 'PaymentRefundRequested', 'PaymentRefunded']));
      // The spot goes back once (by this chain or by the spot keeper answering the cancellation, whichever comes first).
      expect(log.filter((e) => e.type === 'SpotReleased' && (e.data as { bookingId: string }).bookingId === paid)).toHaveLength(1);
      await platform.settled();
      expect((await platform.adapters.mailer.list()).filter((m) => m.to === 'deleted-centre.learner@example.test' && m.kind === 'course-cancelled')).toHaveLength(1);

      // Its account may register a new centre — pending verification, so still unable to publish.
      expect((await client.request('PATCH', '/api/organization/profile', { ...profile, name: 'Var Route Renouveau' })).json()).toMatchObject({ isVerified: false, name: 'Var Route Renouveau' });
      expect((await client.post('/api/courses', hyeres(weeksLater(5)))).statusCode).toBe(403);
    });
  });
});
