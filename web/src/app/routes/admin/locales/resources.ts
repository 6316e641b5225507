import { adminCommonEn } from '../../../../components/admin/locales/en';
import { adminCommonFr } from '../../../../components/admin/locales/fr';
import { adminBookingsEn } from '../../../../features/admin-bookings/locales/en';
import { adminBookingsFr } from '../../../../features/admin-bookings/locales/fr';
import { adminCoursesEn } from '../../../../features/admin-courses/locales/en';
import { adminCoursesFr } from '../../../../features/admin-courses/locales/fr';
import { adminDashboardEn } from '../../../../features/admin-dashboard/locales/en';
import { adminDashboardFr } from '../../../../features/admin-dashboard/locales/fr';
import { adminOrganizationsEn } from '../../../../features/admin-organizations/locales/en';
import { adminOrganizationsFr } from '../../../../features/admin-organizations/locales/fr';
import { adminPaymentsEn } from '../../../../features/admin-payments/locales/en';
import { adminPaymentsFr } from '../../../../features/admin-payments/locales/fr';
import { adminStatementsEn } from '../../../../features/admin-statements/locales/en';
import { adminStatementsFr } from '../../../../features/admin-statements/locales/fr';
import { adminUsersEn } from '../../../../features/admin-users/locales/en';
import { adminUsersFr } from '../../../../features/admin-users/locales/fr';

/**
 * The `admin` namespace (spec 001 §2–§8): the shared administration components' texts and each admin feature's,
 * loaded with the administrators' screens, never with the public pages.
 */
export const adminResources = {
  fr: { ...adminCommonFr, ...adminDashboardFr, courses: adminCoursesFr, bookings: adminBookingsFr, payments: adminPaymentsFr, organizations: adminOrganizationsFr, users: adminUsersFr, statements: adminStatementsFr },
  en: { ...adminCommonEn, ...adminDashboardEn, courses: adminCoursesEn, bookings: adminBookingsEn, payments: adminPaymentsEn, organizations: adminOrganizationsEn, users: adminUsersEn, statements: adminStatementsEn },
} as const;

export const ADMIN_NAMESPACE = 'admin';
