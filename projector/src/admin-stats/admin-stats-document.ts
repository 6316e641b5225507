import { addDays } from '@recup/shared-events';
import { parisDay } from '@recup/infra/time/paris';
import type { ProjectedDoc } from '../projection';

export const ADMIN_STATS_COLLECTION = 'adminStats';
/** The one document of the collection: the platform's counters. */
export const ADMIN_STATS_ID = 'platform';

/**
 * "Recent" bookings, on the administrators' dashboard: those placed during the last 7 Paris calendar days,
 * today included (from 00:00 six days ago, Paris time), whatever became of them since.
 */
export const RECENT_BOOKING_DAYS = 7;
/** How many of the latest bookings the document remembers (the dashboard shows 5; a few spare cover deletions). */
export const LATEST_BOOKINGS_KEPT = 10;

/**
 * The administrators' dashboard figures (spec 001 §3 "Admin stats"), kept up to date by the projector, so that
 * reading them costs one document whatever the size of the platform.
 */
export type AdminStats = {
  _id: string;
  /** Accounts of every role, deleted ones excepted. */
  users: number;
  /** Centres, deleted ones excepted. */
  organizations: number;
  /** The centres waiting for an administrator's approval (few: their ids, so that a deletion knows what it leaves). */
  unverifiedOrganizationIds: string[];
  /** Published courses (a batch's once the batch is published); a deleted course stays, cancelled, in the list and the count. */
  courses: number;
  /** Bookings, deleted ones excepted (expired ones stay, shown as cancelled). */
  bookings: number;
  /** Bookings placed per Paris day, for the recent days only (older days are dropped as time goes by). */
  bookingsPlacedByDay: Record<string, number>;
  /** The latest bookings placed, newest first. */
  latestBookings: Array<{ bookingId: string; placedAt: string }>;
  /** Integer cents: the money of the payments that succeeded online and were not refunded. */
  revenue: number;
  /** How many payments make that revenue. */
  payments: number;
  /**
   * Integer cents: the money centres recorded as received for bookings they confirmed unpaid. With `revenue`,
   * the money received (ARCHITECTURE.md: only money received counts as revenue); a centre's own dashboard
   * counts the same. Older documents lack it (0).
   */
  revenueAtCentre?: number;
  /** Refunds asked for and not carried out yet (a failed attempt stays pending: it is tried again). */
  refundsPending: number;
};

export type AdminStatsDocument = ProjectedDoc & AdminStats;

/**
 * Bookings placed during the recent days as of `now` (see RECENT_BOOKING_DAYS): how the query API reads the document,
 * beside it, so that reading the counters never needs the projection's code.
 */
export function recentBookingCount(stats: Pick<AdminStatsDocument, 'bookingsPlacedByDay'>, now: Date): number {
  const today = parisDay(now);
  const first = addDays(today, -(RECENT_BOOKING_DAYS - 1));
  return Object.entries(stats.bookingsPlacedByDay).reduce((sum, [day, count]) => (day >= first && day <= today ? sum + count : sum), 0);
}
