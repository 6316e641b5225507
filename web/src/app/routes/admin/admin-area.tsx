import i18next from 'i18next';
import { AdminBookingsPage } from '../../../features/admin-bookings/components/admin-bookings-page';
import { AdminCoursesPage } from '../../../features/admin-courses/components/admin-courses-page';
import { AdminDashboardPage } from '../../../features/admin-dashboard/components/admin-dashboard-page';
import { AdminOrganizationsPage } from '../../../features/admin-organizations/components/admin-organizations-page';
import { AdminReportsPage } from '../../../features/admin-reports/components/admin-reports-page';
import { AdminPaymentsPage } from '../../../features/admin-payments/components/admin-payments-page';
import { AdminStatementsPage } from '../../../features/admin-statements/components/admin-statements-page';
import { AdminUsersPage } from '../../../features/admin-users/components/admin-users-page';
import { ADMIN_NAMESPACE, adminResources } from './locales/resources';

export type AdminSection = 'admin' | 'adminCourses' | 'adminBookings' | 'adminPayments' | 'adminStatements' | 'adminOrganizations' | 'adminUsers' | 'adminReports';

// The area's texts come with its code: the public pages load neither.
for (const [language, bundle] of Object.entries(adminResources)) i18next.addResourceBundle(language, ADMIN_NAMESPACE, bundle, true, true);

const PAGES: Record<AdminSection, () => React.JSX.Element> = {
  admin: AdminDashboardPage,
  adminCourses: AdminCoursesPage,
  adminBookings: AdminBookingsPage,
  adminPayments: AdminPaymentsPage,
  adminStatements: AdminStatementsPage,
  adminOrganizations: AdminOrganizationsPage,
  adminUsers: AdminUsersPage,
  adminReports: AdminReportsPage,
};

/** Loaded on demand, after the role check: visitors never download the administration screens, the grid or their texts. */
export default function AdminArea({ section }: { section: AdminSection }) {
  const Page = PAGES[section];
  return <Page />;
}
