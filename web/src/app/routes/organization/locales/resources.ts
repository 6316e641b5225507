import { organizationAttendanceEn } from '../../../../features/organization-attendance/locales/en';
import { organizationAttendanceFr } from '../../../../features/organization-attendance/locales/fr';
import { organizationBookingsEn } from '../../../../features/organization-bookings/locales/en';
import { organizationBookingsFr } from '../../../../features/organization-bookings/locales/fr';
import { organizationCoursesEn } from '../../../../features/organization-courses/locales/en';
import { organizationCoursesFr } from '../../../../features/organization-courses/locales/fr';
import { organizationDashboardEn } from '../../../../features/organization-dashboard/locales/en';
import { organizationDashboardFr } from '../../../../features/organization-dashboard/locales/fr';
import { organizationPackEn } from '../../../../features/organization-prefecture-pack/locales/en';
import { organizationPackFr } from '../../../../features/organization-prefecture-pack/locales/fr';
import { organizationProfileEn } from '../../../../features/organization-profile/locales/en';
import { organizationProfileFr } from '../../../../features/organization-profile/locales/fr';
import { organizationStatementsEn } from '../../../../features/organization-statements/locales/en';
import { organizationStatementsFr } from '../../../../features/organization-statements/locales/fr';
import { organizationAreaEn } from './en';
import { organizationAreaFr } from './fr';

/** The `organization` namespace: loaded with the training-centre area, never with the public pages. */
export const organizationResources = {
  fr: { ...organizationAreaFr, dashboard: organizationDashboardFr, courses: organizationCoursesFr, bookings: organizationBookingsFr, profile: organizationProfileFr, attendance: organizationAttendanceFr, statements: organizationStatementsFr, pack: organizationPackFr },
  en: { ...organizationAreaEn, dashboard: organizationDashboardEn, courses: organizationCoursesEn, bookings: organizationBookingsEn, profile: organizationProfileEn, attendance: organizationAttendanceEn, statements: organizationStatementsEn, pack: organizationPackEn },
} as const;

export const ORGANIZATION_NAMESPACE = 'organization';
