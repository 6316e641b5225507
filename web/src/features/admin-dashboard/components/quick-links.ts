import type { AdminStatsDto } from '@recup/query-api/contracts/admin';

type QuickLinkKey = 'courses' | 'bookings' | 'organizations' | 'payments' | 'users';

/**
 * The admin home's shortcuts, and when each asks for attention (spec 001 §2): courses and bookings when
 * bookings came in recently, centres when some wait for approval, payments when refunds are pending.
 */
export function quickLinks(stats: Pick<AdminStatsDto, 'recentBookings' | 'pendingOrganizations' | 'pendingRefunds'> | undefined) {
  const links: Array<{ key: QuickLinkKey; to: string; highlighted: boolean }> = [
    { key: 'courses', to: '/admin/courses', highlighted: (stats?.recentBookings ?? 0) > 0 },
    { key: 'bookings', to: '/admin/bookings', highlighted: (stats?.recentBookings ?? 0) > 0 },
    { key: 'organizations', to: '/admin/organizations', highlighted: (stats?.pendingOrganizations ?? 0) > 0 },
    { key: 'payments', to: '/admin/payments', highlighted: (stats?.pendingRefunds ?? 0) > 0 },
    { key: 'users', to: '/admin/users', highlighted: false },
  ];
  return links;
}
