import type { AdminPaymentDto } from '@recup/query-api/contracts/admin';
import type { AdminColumn } from '../../../components/admin/grid-columns';

/** `/admin/payments` (spec 001 §2): ID, booking (#id), amount, status, transaction id, date, actions. */
export const paymentColumns: ReadonlyArray<AdminColumn<AdminPaymentDto>> = [
  { field: 'id', header: 'payments.columns.id', kind: 'open', value: (p) => p.id.slice(0, 8), minWidth: 120, phoneMinWidth: 96 },
  { field: 'booking', header: 'payments.columns.booking', kind: 'twoLines', value: (p) => [p.booking ? `#${p.booking.reference}` : `#${p.bookingId.slice(0, 8)}`, p.user ? `${p.user.firstName} ${p.user.lastName}` : ''], minWidth: 170, flex: 1.2, hideOnPhone: true },
  { field: 'amount', header: 'payments.columns.amount', kind: 'money', value: (p) => p.amount, sortKey: 'amount', minWidth: 110, hideOnPhone: true },
  { field: 'status', header: 'payments.columns.status', kind: 'paymentStatus', value: (p) => p.status, sortKey: 'status', minWidth: 120, phoneMinWidth: 100 },
  { field: 'transaction', header: 'payments.columns.transaction', kind: 'text', value: (p) => p.stripePaymentIntentId, minWidth: 200, flex: 1.4, hideOnPhone: true },
  { field: 'date', header: 'payments.columns.date', kind: 'dateTime', value: (p) => p.createdAt, sortKey: 'createdAt', minWidth: 160, hideOnPhone: true },
  { field: 'actions', header: 'payments.columns.actions', kind: 'actions', minWidth: 110, phoneMinWidth: 96 },
];
