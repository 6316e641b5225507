import type { Translations } from '../../../lib/translations';
import type { adminCoursesFr } from './fr';

export const adminCoursesEn: Translations<typeof adminCoursesFr> = {
  title: 'Course management',
  subtitle: 'Every course of every centre.',
  searchLabel: 'Search courses',
  searchPlaceholder: 'Title, city, postal code, centre',
  organizationFilter: 'Organisation',
  statusFilter: 'Status',
  create: 'Create a course',
  columns: { id: 'ID', title: 'Title', organization: 'Organisation', location: 'Location', date: 'Date', price: 'Price', spots: 'Spots left', waiting: 'Waiting', status: 'Status', actions: 'Actions' },
  spots: '{{left}}/{{total}}',
  delete: {
    title: 'Delete this course?',
    body: 'The course “{{title}}” on {{date}} will be cancelled and removed from the lists. Its history stays available.',
    booked: 'This course has active bookings. The users concerned will be refunded.',
    confirm: 'Delete the course',
    done: 'The course was deleted successfully',
  },
  detail: {
    title: 'Course {{title}}',
    centre: 'Centre',
    schedule: 'Dates',
    address: 'Address',
    price: 'Price',
    spots: 'Spots',
    spotsValue: '{{left}} left out of {{total}}',
    waiting: 'Waiting list',
    waitingValue_one: '{{count}} person waiting',
    waitingValue_other: '{{count}} people waiting',
    ants: 'ANTS number',
    created: 'Created',
    bookings: 'See this course’s bookings',
  },
};
