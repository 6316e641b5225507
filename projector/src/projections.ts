import { billingIdentityProjection } from './billing/billing-identity-projection';
import { invoiceProjection } from './billing/invoice-projection';
import { adminStatsProjection } from './admin-stats/admin-stats-projection';
import { bookingProjection } from './bookings/booking-projection';
import { courseProjection } from './courses/course-projection';
import { organizationProjection } from './organizations/organization-projection';
import { paymentProjection } from './payments/payment-projection';
import type { Projection } from './projection';
import { userProjection } from './users/user-projection';
import { centreStatementProjection } from './statements/centre-statement-projection';

export const allProjections: readonly Projection[] = [
  courseProjection,
  bookingProjection,
  paymentProjection,
  userProjection,
  organizationProjection,
  billingIdentityProjection,
  invoiceProjection,
  adminStatsProjection,
  centreStatementProjection,
] as unknown as readonly Projection[];
