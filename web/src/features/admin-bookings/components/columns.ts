import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import type { AdminColumn } from '../../../components/admin/grid-columns';

/** `/admin/bookings` (spec 001 §2): reference, user (name and email), course (title and city), date, amount, status, created date, actions. */
export const bookingColumns: ReadonlyArray<AdminColumn<AdminBookingDto>> = [
  { field: 'reference', header: 'bookings.columns.reference', kind: 'open', value: (b) => b.reference, sortKey: 'reference', minWidth: 140, phoneMinWidth: 130 },
  { field: 'user', header: 'bookings.columns.user', kind: 'twoLines', value: (b) => [`${b.user.firstName} ${b.user.lastName}`, b.user.email], minWidth: 200, flex: 1.5, hideOnPhone: true },
  { field: 'course', header: 'bookings.columns.course', kind: 'twoLines', value: (b) => [b.course.title, `${b.course.city} (${b.course.postalCode})`], minWidth: 170, flex: 1.2, hideOnPhone: true },
  { field: 'date', header: 'bookings.columns.date', kind: 'courseDate', value: (b) => b.course.startDate, minWidth: 135, hideOnPhone: true },
  { field: 'amount', header: 'bookings.columns.amount', kind: 'money', value: (b) => b.price, sortKey: 'price', minWidth: 110, hideOnPhone: true },
  { field: 'status', header: 'bookings.columns.status', kind: 'bookingStatus', value: (b) => b.status, sortKey: 'status', minWidth: 130, phoneMinWidth: 100 },
  { field: 'createdAt', header: 'bookings.columns.createdAt', kind: 'dateTime', value: (b) => b.createdAt, sortKey: 'createdAt', minWidth: 160, hideOnPhone: true },
  { field: 'actions', header: 'bookings.columns.actions', kind: 'actions', minWidth: 150, phoneMinWidth: 88 },
];
