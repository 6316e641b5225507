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
    invoice: 'Download invoice',
    cancel: 'Cancel',
    pointsExpected: 'Expected to give points back (up to 4 points)',
    pointsNone: 'No points expected: less than a year after your course that ended on {{previousEnd}}. A course will give you points back from {{date}}.',
    pointsTaken_one: 'Your course {{courses}} will therefore give no points back: it starts less than a year after this one.',
    pointsTaken_other: 'Your courses {{courses}} will therefore give no points back: they start less than a year after this one.',
  },
  cancel: {
    title: 'Cancel this booking?',
    refunded:
      'You are cancelling more than 72 hours before the course starts: you will be refunded {{amount}} on the card you used. The place will be released for another driver.',
    notRefunded: 'The cancellation comes less than 72 hours before the course starts: it will not be refunded. The place will be released.',
    notPaidOnline: 'This booking was not paid online: no refund will be made. The place will be released.',
    keep: 'Keep my booking',
    confirm: 'Confirm cancellation',
    successTitle: 'Booking cancelled',
    successRefunded: 'The refund of {{amount}} is under way; you will receive a confirmation e-mail.',
    successNoRefund: 'Your booking is cancelled.',
    errorTitle: 'Cancellation error',
    errorDefault: 'Cancellation error. Please try again.',
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
