import type { ColumnSpec } from '../../../components/data-grid/column-spec';
import type { CentreBooking } from '../api/booking-queries';
import { learnerCaseNumber } from '@recup/shared-events/bookings/learner-case';
import { paymentKey } from '../utils/booking-payment';

/**
 * The bookings grid of spec 001 §2: reference, participant, course, dates and times, status, amount, payment, actions; and
 * each learner's case of the law, which the centre records for the prefecture.
 */
export const BOOKING_COLUMNS: readonly ColumnSpec<CentreBooking>[] = [
  { field: 'reference', header: 'bookings.grid.reference', value: (b) => b.bookingReference, flex: 0.8, minWidth: 120, hideOnPhone: true },
  { field: 'participant', header: 'bookings.grid.participant', value: (b) => `${b.user.firstName} ${b.user.lastName}`, secondary: (b) => b.user.email, flex: 1.4, minWidth: 170, phoneMinWidth: 140 },
  { field: 'course', header: 'bookings.grid.course', value: (b) => b.course.title, flex: 0.9, minWidth: 120, hideOnPhone: true },
  { field: 'dates', header: 'bookings.grid.dates', value: (b) => b.course.startDate, render: 'dates', flex: 1.3, minWidth: 180, hideOnPhone: true },
  { field: 'learnerCase', header: 'bookings.grid.learnerCase', value: (b) => (b.learnerCase ? learnerCaseNumber(b.learnerCase.case) : null), render: 'learnerCase', flex: 1, minWidth: 150, hideOnPhone: true },
  { field: 'status', header: 'bookings.grid.status', value: (b) => b.status, render: 'status', flex: 0.8, minWidth: 120, phoneMinWidth: 100 },
  { field: 'amount', header: 'bookings.grid.amount', kind: 'money', value: (b) => b.payment?.amount ?? b.price, flex: 0.7, minWidth: 100, hideOnPhone: true },
  { field: 'payment', header: 'bookings.grid.payment', value: paymentKey, render: 'payment', flex: 0.9, minWidth: 160, hideOnPhone: true },
  { field: 'actions', header: 'bookings.grid.actions', render: 'actions', sortable: false, flex: 0.8, minWidth: 110, phoneMinWidth: 84 },
];
