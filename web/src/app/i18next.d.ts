import type { resources } from './i18n-resources';
import type { organizationResources } from './routes/organization/locales/resources';
import type { adminResources } from './routes/admin/locales/resources';
import type { bookingMoveFr } from '../components/booking-move/locales/fr';
import type { annualReportFr } from '../components/annual-report/locales/fr';
import type { courseFormFr } from '../components/course-form/locales/fr';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // The staff areas' namespaces (and the move dialog's) are types only here: their texts load with their lazy chunks.
    resources: (typeof resources)['fr'] & { organization: (typeof organizationResources)['fr']; admin: (typeof adminResources)['fr']; bookingMove: typeof bookingMoveFr; annualReport: typeof annualReportFr; courseForm: typeof courseFormFr };
  }
}
