import { parisDay } from '@recup/infra/time/paris';
import { addDays, type RecordedDomainEvent } from '@recup/shared-events';
import type { Projection } from '../projection';
import { ADMIN_STATS_COLLECTION, ADMIN_STATS_ID, LATEST_BOOKINGS_KEPT, RECENT_BOOKING_DAYS, type AdminStats, type AdminStatsDocument } from './admin-stats-document';


const empty = (): AdminStats => ({
  _id: ADMIN_STATS_ID, users: 0, organizations: 0, unverifiedOrganizationIds: [], courses: 0, bookings: 0,
  bookingsPlacedByDay: {}, latestBookings: [], revenue: 0, payments: 0, revenueAtCentre: 0, refundsPending: 0,
});

const COUNTED = new Set<RecordedDomainEvent['type']>([
  'UserRegistered', 'UserDeleted', 'OrganizationRegistered', 'OrganizationVerified', 'OrganizationUnverified', 'OrganizationDeleted',
  'CourseScheduled', 'CourseBatchPublished', 'BookingPlaced', 'BookingDeleted',
  'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded', 'BookingPaidAtCentre', 'PaymentPartiallyRefunded',
]);

const dayOfHour = new Map<string, string>();

/** The Paris day of an instant, remembered per UTC hour (a rebuild asks for it once per booking). */
function parisDayOf(iso: string): string {
  const hour = iso.slice(0, 13);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size > 10_000) dayOfHour.clear();
    day = parisDay(new Date(`${hour}:00:00.000Z`));
    dayOfHour.set(hour, day);
  }
  return day;
}

/** Adds one booking to its day, and, on a new day, forgets the days too old to be recent by then. */
function countPlaced(byDay: Record<string, number>, day: string): Record<string, number> {
  if (day in byDay) return { ...byDay, [day]: byDay[day]! + 1 };
  const oldest = addDays(day, -RECENT_BOOKING_DAYS);
  const kept = Object.fromEntries(Object.entries(byDay).filter(([d]) => d >= oldest));
  return { ...kept, [day]: (kept[day] ?? 0) + 1 };
}

/**
 * The newest bookings, newest first, with this one placed among them (before those placed at the same instant), or
 * the same list when it is older than all of them and the list is full. Instants are ISO texts of one format: their
 * order is their text's.
 */
function withLatest(latest: AdminStats['latestBookings'], booking: AdminStats['latestBookings'][number]): AdminStats['latestBookings'] {
  const at = latest.findIndex((kept) => kept.placedAt <= booking.placedAt);
  if (at === -1) return latest.length < LATEST_BOOKINGS_KEPT ? [...latest, booking] : latest;
  return [...latest.slice(0, at), booking, ...latest.slice(at, LATEST_BOOKINGS_KEPT - 1)];
}

/**
 * The administrators' dashboard counters: one document that every counted event changes. Each event is
 * decided once by its aggregate (a payment succeeds once, a refund is requested once and done once), so a
 * counter moves by the event alone; the document is idempotent by global position.
 */
export const adminStatsProjection: Projection<AdminStatsDocument> = {
  name: 'adminStats',
  // 3: a part given back (the difference of a move to a cheaper course) is revenue no more.
  version: 3,
  collection: ADMIN_STATS_COLLECTION,
  indexes: [],
  idempotentBy: 'position',
  documentId: (event) => (COUNTED.has(event.type) ? ADMIN_STATS_ID : null),
  evolve(doc, event) {
    const stats: AdminStats = doc ?? empty();
    switch (event.type) {
      case 'UserRegistered':
        return { ...stats, users: stats.users + 1 };
      case 'UserDeleted':
        return { ...stats, users: stats.users - 1 };
      case 'OrganizationRegistered':
        return { ...stats, organizations: stats.organizations + 1, unverifiedOrganizationIds: [...stats.unverifiedOrganizationIds, event.data.organizationId] };
      case 'OrganizationVerified':
        return { ...stats, unverifiedOrganizationIds: stats.unverifiedOrganizationIds.filter((id) => id !== event.data.organizationId) };
      case 'OrganizationUnverified':
        return stats.unverifiedOrganizationIds.includes(event.data.organizationId) ? stats : { ...stats, unverifiedOrganizationIds: [...stats.unverifiedOrganizationIds, event.data.organizationId] };
      case 'OrganizationDeleted':
        return { ...stats, organizations: stats.organizations - 1, unverifiedOrganizationIds: stats.unverifiedOrganizationIds.filter((id) => id !== event.data.organizationId) };
      // A course of a batch shows (and counts) once its whole batch is published; a deleted course stays, cancelled.
      case 'CourseScheduled':
        return event.data.batchId === undefined ? { ...stats, courses: stats.courses + 1 } : stats;
      case 'CourseBatchPublished':
        return { ...stats, courses: stats.courses + event.data.courseIds.length };
      case 'BookingPlaced': {
        const { bookingId, placedAt } = event.data;
        return { ...stats, bookings: stats.bookings + 1, bookingsPlacedByDay: countPlaced(stats.bookingsPlacedByDay, parisDayOf(placedAt)), latestBookings: withLatest(stats.latestBookings, { bookingId, placedAt }) };
      }
      case 'BookingDeleted':
        return { ...stats, bookings: stats.bookings - 1, latestBookings: stats.latestBookings.filter((b) => b.bookingId !== event.data.bookingId) };
      case 'PaymentSucceeded':
        return { ...stats, revenue: stats.revenue + event.data.amount, payments: stats.payments + 1 };
      case 'BookingPaidAtCentre':
        return { ...stats, revenueAtCentre: (stats.revenueAtCentre ?? 0) + event.data.amount };
      case 'PaymentRefundRequested':
        return { ...stats, refundsPending: stats.refundsPending + 1 };
      case 'PaymentRefunded':
        return { ...stats, revenue: stats.revenue - event.data.amount, payments: stats.payments - 1, refundsPending: stats.refundsPending - 1 };
      case 'PaymentPartiallyRefunded':
        return { ...stats, revenue: stats.revenue - event.data.amount };
      default:
        return doc;
    }
  },
};
