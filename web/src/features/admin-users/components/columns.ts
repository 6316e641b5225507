import type { AdminUserDto } from '@recup/query-api/contracts/admin';
import type { AdminColumn } from '../../../components/admin/grid-columns';

/** `/admin/users` (spec 001 §2): user (full name and ID), role badge, email, status, created date, actions. */
export const userColumns: ReadonlyArray<AdminColumn<AdminUserDto>> = [
  { field: 'user', header: 'users.columns.user', kind: 'twoLines', value: (u) => [`${u.firstName} ${u.lastName}`, u.id], sortKey: 'lastName', minWidth: 220, flex: 1.5, phoneMinWidth: 128 },
  { field: 'role', header: 'users.columns.role', kind: 'role', value: (u) => u.role, sortKey: 'role', minWidth: 140, phoneMinWidth: 126 },
  { field: 'email', header: 'users.columns.email', kind: 'text', value: (u) => u.email, sortKey: 'email', minWidth: 220, flex: 1.3, hideOnPhone: true },
  { field: 'status', header: 'users.columns.status', kind: 'verified', value: (u) => u.isVerified, minWidth: 130, hideOnPhone: true },
  { field: 'createdAt', header: 'users.columns.createdAt', kind: 'date', value: (u) => u.createdAt, sortKey: 'createdAt', minWidth: 120, hideOnPhone: true },
  { field: 'actions', header: 'users.columns.actions', kind: 'actions', minWidth: 110, phoneMinWidth: 68 },
];
