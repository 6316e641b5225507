import type { Translations } from '../../../lib/translations';
import type { dashboardFr } from './fr';

export const dashboardEn: Translations<typeof dashboardFr> = {
  title: 'My dashboard',
  welcome: 'Hello {{firstName}}',
  subtitle: 'Find all your course bookings here.',
  profile: 'My profile',
  findCourse: 'Find a course',
  tabs: {
    label: 'My bookings',
    upcoming: 'Upcoming courses',
    history: 'Booking history',
  },
  card: {
    reference: 'Reference: {{reference}}',
    price: 'Price',
    payment: 'Payment: {{status}}',
    viewCourse: 'View course',
    payNow: 'Pay now',
  },
  status: {
    PENDING: 'Pending',
    CONFIRMED: 'Confirmed',
    CANCELLED: 'Cancelled',
    COMPLETED: 'Completed',
  },
  paymentStatus: {
    PENDING: 'Pending',
    SUCCEEDED: 'Paid',
    FAILED: 'Failed',
    REFUNDED: 'Refunded',
    NONE: 'Not paid',
  },
  empty: {
    upcoming: 'You have no upcoming course.',
    history: 'Your booking history is empty.',
  },
  error: 'Your bookings could not be loaded.',
  loading: 'Loading your bookings…',
};
