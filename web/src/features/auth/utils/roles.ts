import type { CurrentUser } from '../../../lib/current-user';

export type Role = CurrentUser['role'];

/** Where a signed-in user belongs: the home page sends them there, and so does sign-in for staff. */
export function homeForRole(role: Role): string {
  if (role === 'ADMIN') return '/admin';
  if (role === 'ORGANIZATION') return '/organization';
  return '/dashboard';
}

export function initialsOf(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

type AccountLinkKey =
  | 'dashboard'
  | 'profile'
  | 'admin'
  | 'adminCourses'
  | 'adminBookings'
  | 'adminOrganizations'
  | 'adminPayments'
  | 'adminStatements'
  | 'adminUsers'
  | 'organization'
  | 'organizationCourses'
  | 'organizationBookings'
  | 'organizationStatements'
  | 'organizationProfile'
  | 'organizationReports'
  | 'adminReports';

type AccountLink = { to: string; labelKey: AccountLinkKey };

/** The account menu of each role (specification 000 §2 and 001 §2). */
export function accountLinksFor(role: Role): AccountLink[] {
  switch (role) {
    case 'ADMIN':
      return [
        { to: '/admin', labelKey: 'admin' },
        { to: '/admin/courses', labelKey: 'adminCourses' },
        { to: '/admin/bookings', labelKey: 'adminBookings' },
        { to: '/admin/organizations', labelKey: 'adminOrganizations' },
        { to: '/admin/payments', labelKey: 'adminPayments' },
        { to: '/admin/statements', labelKey: 'adminStatements' },
        { to: '/admin/users', labelKey: 'adminUsers' },
        { to: '/admin/reports', labelKey: 'adminReports' },
      ];
    case 'ORGANIZATION':
      return [
        { to: '/organization', labelKey: 'organization' },
        { to: '/organization/courses', labelKey: 'organizationCourses' },
        { to: '/organization/bookings', labelKey: 'organizationBookings' },
        { to: '/organization/statements', labelKey: 'organizationStatements' },
        { to: '/organization/reports', labelKey: 'organizationReports' },
        { to: '/organization/profile', labelKey: 'organizationProfile' },
      ];
    case 'USER':
      return [
        { to: '/dashboard', labelKey: 'dashboard' },
        { to: '/profile', labelKey: 'profile' },
      ];
    default: {
      const unknown: never = role;
      throw new Error(`Unknown role ${String(unknown)}`);
    }
  }
}
