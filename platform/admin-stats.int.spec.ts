import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { parisDay, parisDayStart } from '@recup/infra/time/paris';
import { ADMIN_STATS_COLLECTION, type AdminStatsDocument } from '@recup/projector/admin-stats/admin-stats-document';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { allProjections } from '@recup/projector/projections';
import { rebuildProjections } from '@recup/projector/rebuild';
import { USERS_COLLECTION } from '@recup/projector/users/user-document';
import type { AdminStatsDto } from '@recup/query-api/contracts/admin';
import { book, DECLINED_CARD, learnerAccount, PAYING_CARD, refusingRefunds, registerCentre, scheduleCourse } from './admin-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
const DAY = 86_400_000;

describe('the administrators’ dashboard figures', () => {
  let platform: Platform;
  let admin: TestClient;
  // The provider refuses to refund one payment: that refund stays pending.
  const refusing = new Set<string>();
  let gateway: PaymentGateway | null = null;

  async function signInAgain(...clients: Array<[TestClient, string, string?]>) {
    for (const [client, email, password] of clients) await client.login(email, password);
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ now: '2026-11-02T09:00:00.000Z', payments: refusingRefunds(() => gateway!, refusing) });
    gateway = platform.adapters.testGateway;
    const confirmCard = (id: string, body: Parameters<typeof platform.adapters.testGateway.confirmCard>[1]) => {
      try {
        platform.adapters.testGateway.confirmCard(id, body);
      } catch {
        // a declined card: the gateway says so, and the booking stays unpaid
      }
    };
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    await registerCentre(platform, 'stats-verified', 'Centre vérifié', { verified: true });
    await registerCentre(platform, 'stats-pending-1', 'Centre en attente 1');
    await registerCentre(platform, 'stats-pending-2', 'Centre en attente 2');
    await scheduleCourse(platform, 'stats-a', 'stats-verified', { startDate: '2026-12-10T07:00:00.000Z', endDate: '2026-12-11T16:00:00.000Z', price: 19_900 });
    await scheduleCourse(platform, 'stats-b', 'stats-verified', { startDate: '2026-12-17T07:00:00.000Z', endDate: '2026-12-18T16:00:00.000Z', price: 24_500 });

    const a = await learnerAccount(platform, admin, 'stats-a@example.test', 'Anne', 'Aubert', TestClient);
    const b = await learnerAccount(platform, admin, 'stats-b@example.test', 'Bruno', 'Blanc', TestClient);
    const c = await learnerAccount(platform, admin, 'stats-c@example.test', 'Chloé', 'Colin', TestClient);
    const gone = await learnerAccount(platform, admin, 'stats-gone@example.test', 'Gaston', 'Guerin', TestClient);

    // Ten days ago: paid, and paid then cancelled by the learner (refunded).
    await book(a.client, 'stats-a', PAYING_CARD, confirmCard);
    const cancelled = await book(b.client, 'stats-a', PAYING_CARD, confirmCard);
    expect((await b.client.post(`/api/bookings/${cancelled.id}/cancel`)).statusCode).toBe(200);
    platform.clock.advance(10 * DAY);
    await signInAgain([admin, 'admin@demo.test'], [a.client, 'stats-a@example.test', 'learner-password'], [b.client, 'stats-b@example.test', 'learner-password'], [c.client, 'stats-c@example.test', 'learner-password']);

    // Recently: paid and refunded by an administrator; paid but its refund refused by the provider; declined then
    // expired; left pending then deleted; left pending.
    const refunded = await book(b.client, 'stats-b', PAYING_CARD, confirmCard);
    expect((await admin.post(`/api/admin/payments/${refunded.paymentId}/refund`)).json()).toMatchObject({ refund: 'REFUNDED' });
    const stuck = await book(c.client, 'stats-b', PAYING_CARD, confirmCard);
    refusing.add(stuck.intentId!);
    expect((await admin.post(`/api/admin/payments/${stuck.paymentId}/refund`)).json()).toMatchObject({ refund: 'PENDING' });
    await book(a.client, 'stats-b', DECLINED_CARD, confirmCard);
    const deleted = await book(c.client, 'stats-a');
    expect((await admin.request('DELETE', `/api/admin/bookings/${deleted.id}`)).statusCode).toBe(204);
    platform.clock.advance(31 * 60_000);
    await platform.reactors.sweep();
    await signInAgain([admin, 'admin@demo.test'], [c.client, 'stats-c@example.test', 'learner-password']);
    await book(c.client, 'stats-a');
    expect((await admin.request('DELETE', `/api/admin/users/${gone.id}`)).statusCode).toBe(204);
    await platform.settled();
    admin.minPosition = Math.max(admin.minPosition, a.client.minPosition, b.client.minPosition, c.client.minPosition);
  });
  afterAll(async () => {
    await platform.close();
  });

  it('equal a count over the read models rebuilt from the log', async () => {
    const response = await admin.get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json() as AdminStatsDto;

    const rebuilt = new EmbeddedMingoReadStore();
    await rebuildProjections({ eventStore: platform.adapters.eventStore, readStore: rebuilt, projections: allProjections });
    const count = (collection: string, filter = {}) => rebuilt.collection(collection).countDocuments(filter);
    const succeeded = await rebuilt.collection<PaymentDocument>(PAYMENTS_COLLECTION).find({ status: 'SUCCEEDED' });
    const now = platform.clock.now();
    const recentFrom = parisDayStart(parisDay(new Date(now.getTime() - 6 * DAY))).toISOString();
    const bookings = await rebuilt.collection<BookingDocument>(BOOKINGS_COLLECTION).find({});

    const counted = {
      totalUsers: await count(USERS_COLLECTION),
      totalOrganizations: await count(ORGANIZATIONS_COLLECTION),
      pendingOrganizations: await rebuilt.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).countDocuments({ isVerified: false }),
      totalCourses: await count(COURSES_COLLECTION),
      totalBookings: bookings.length,
      totalRevenue: succeeded.reduce((sum, p) => sum + p.amount, 0),
      totalPayments: succeeded.length,
      // Deleted bookings are gone from the model but were placed: the log counts them.
      recentBookings: (await platform.adapters.eventStore.readAll()).filter((e) => e.type === 'BookingPlaced' && (e.data as { placedAt: string }).placedAt >= recentFrom).length,
      pendingRefunds: await count(PAYMENTS_COLLECTION, { refundDue: true }),
    };
    expect(stats).toMatchObject(counted);
    // The scenario left something in each figure.
    expect(counted).toMatchObject({ pendingOrganizations: 2, totalPayments: 2, pendingRefunds: 1, recentBookings: 5 });
    expect(counted.totalRevenue).toBe(19_900 + 24_500);

    // The live counters are the rebuilt ones.
    const live = await platform.adapters.readStore.collection<AdminStatsDocument>(ADMIN_STATS_COLLECTION).find({});
    const fresh = await rebuilt.collection<AdminStatsDocument>(ADMIN_STATS_COLLECTION).find({});
    expect(live).toEqual(fresh);
  });
});
