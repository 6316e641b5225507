import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '@recup/infra/http/sessions';
import { ADMIN_STATS_COLLECTION, ADMIN_STATS_ID, RECENT_BOOKING_DAYS, recentBookingCount, type AdminStatsDocument } from '@recup/projector/admin-stats/admin-stats-document';
import { AdminStatsDto } from '../contracts/admin';
import type { QueryApiDeps } from '../deps';
import { byId } from './admin-lists';
import { bookingsCollection, toAdminBookings } from './admin-booking-view';

const DASHBOARD_BOOKINGS = 5;

/** The administrators' dashboard figures (spec 001 §3), read from the counters the projector keeps. */
export async function adminStatsRoute(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/stats', { schema: { response: { 200: AdminStatsDto } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const now = deps.clock.now();
    const stats = await deps.readStore.collection<AdminStatsDocument>(ADMIN_STATS_COLLECTION).findOne({ _id: ADMIN_STATS_ID });
    const latestIds = (stats?.latestBookings ?? []).map((b) => b.bookingId);
    const found = await byId(bookingsCollection(deps.readStore), latestIds);
    const latest = await toAdminBookings(deps.readStore, latestIds.flatMap((id) => found.get(id) ?? []).slice(0, DASHBOARD_BOOKINGS), now);
    return {
      totalUsers: stats?.users ?? 0,
      totalOrganizations: stats?.organizations ?? 0,
      pendingOrganizations: stats?.unverifiedOrganizationIds.length ?? 0,
      totalCourses: stats?.courses ?? 0,
      totalBookings: stats?.bookings ?? 0,
      totalRevenue: (stats?.revenue ?? 0) + (stats?.revenueAtCentre ?? 0),
      revenueOnline: stats?.revenue ?? 0,
      revenueAtCentre: stats?.revenueAtCentre ?? 0,
      totalPayments: stats?.payments ?? 0,
      recentBookings: stats ? recentBookingCount(stats, now) : 0,
      recentDays: RECENT_BOOKING_DAYS,
      pendingRefunds: stats?.refundsPending ?? 0,
      recentBookingsWithDetails: latest.map((b) => ({
        id: b.id, reference: b.reference, courseLocation: `${b.course.city} (${b.course.postalCode})`, date: b.createdAt, courseStartDate: b.course.startDate,
        userName: `${b.user.firstName} ${b.user.lastName}`.trim(), amount: b.price, status: b.status,
      })),
    };
  });
}
