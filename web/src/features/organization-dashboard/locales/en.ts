import type { Translations } from '../../../lib/translations';
import type { organizationDashboardFr } from './fr';

export const organizationDashboardEn: Translations<typeof organizationDashboardFr> = {
  title: 'Training centre area',
  welcome: 'Dashboard of {{name}}',
  links: { profile: 'Centre profile', create: 'Create a course', courses: 'My courses', bookings: 'Bookings' },
  cards: {
    scheduled: 'Scheduled courses',
    scheduledCaption_one: '{{count}} in the next 30 days',
    scheduledCaption_other: '{{count}} in the next 30 days',
    bookings: 'Places booked',
    bookingsCaption: 'out of {{total}} places offered',
    revenue: 'Revenue received',
    revenueCaption: 'Received online: {{online}}',
    revenueAtCentre: 'Received at the centre: {{centre}}',
    revenueDue: 'Still to be paid at the centre: {{due}}',
  },
  next: {
    title: 'Next courses',
    empty: 'No upcoming course. Publish your next course to receive bookings.',
    create: 'Create a course',
    viewAll: 'See all my courses',
  },
  short: {
    title_one: 'A course may not be able to take place',
    title_other: '{{count}} courses may not be able to take place',
    body: 'The law requires at least 6 participants. 10 days or less before they start, these courses have fewer than 6 confirmed:',
    course: '{{title}} — {{date}}: {{confirmed}} confirmed, {{pending}} pending',
    advice: 'You can confirm the pending bookings, remind your trainees, or move the course (change its dates) or cancel it: the trainees booked are then refunded and told by e-mail.',
    bookings: 'Bookings of this course',
  },
  quick: { title: 'Quick access', courses: 'Manage my courses', bookings: 'See the bookings', profile: 'Edit the centre profile', reports: 'Annual report for the prefecture' },
  details: {
    title: 'Centre details',
    name: 'Name',
    address: 'Address',
    email: 'Email',
    phone: 'Phone',
    website: 'Website',
    approval: 'Prefectoral approval reference',
    description: 'Description',
    none: 'Not given',
    verified: 'Verified centre: your courses are published.',
    withdrawn: 'Verification withdrawn: your courses are no longer offered to the public.',
  },
  identityChange: { see: 'See the request' },
  loading: 'Loading the dashboard…',
};
