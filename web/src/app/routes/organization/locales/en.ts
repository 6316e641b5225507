import type { Translations } from '../../../../lib/translations';
import type { organizationAreaFr } from './fr';

export const organizationAreaEn: Translations<typeof organizationAreaFr> = {
  status: { SCHEDULED: 'Scheduled', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', CANCELLED: 'Cancelled' },
  bookingStatus: { PENDING: 'Pending', CONFIRMED: 'Confirmed', COMPLETED: 'Completed', CANCELLED: 'Cancelled' },
  paymentStatus: { SUCCEEDED: 'Paid', PENDING: 'Pending', REFUNDED: 'Refunded', FAILED: 'Failed', CENTRE: 'Paid at the centre', DUE_CENTRE: 'To be paid at the centre', NONE: 'None' },
  pagination: {
    navigation: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    goToPage: 'Go to page {{page}}',
    showing: 'Showing {{from}} to {{to}} of {{total}}',
  },
  errors: {
    generic: 'An error occurred',
    title: 'Error',
    loadTitle: 'Could not load',
    load: 'The data could not be loaded. Check your connection and try again.',
  },
  notRegistered: {
    title: 'Register your centre',
    body: 'Your account is not linked to a training centre yet. Fill in your centre’s profile: an administrator will verify it, then you can publish your courses.',
    action: 'Fill in the centre’s profile',
  },
  pending: {
    title: 'Centre awaiting verification',
    body: 'An administrator must verify your centre (and its prefectoral approval reference) before you can publish courses. You can already complete your profile.',
  },
  withdrawn: {
    title: 'Your centre’s verification was withdrawn',
    body: 'An administrator withdrew your centre’s verification on {{date}}. Its courses no longer appear in the search or on the site and cannot be booked, and you cannot publish new ones. Bookings already made remain valid: you can still view and confirm them. Contact us to have your centre verified again.',
  },
  identityChange: {
    title: 'Change awaiting approval',
    body: 'Requested on {{date}}. An administrator must approve these changes; until then, the current details remain in force on your courses and invoices.',
    change: '{{field}}: {{from}} → {{to}}',
    empty: 'none',
  },
  backToDashboard: 'Back to the dashboard',
  spots_one: '{{count}} left / {{total}}',
  spots_other: '{{count}} left / {{total}}',
  spotsLabel_one: '{{count}} place left of {{total}}',
  spotsLabel_other: '{{count}} places left of {{total}}',
};
