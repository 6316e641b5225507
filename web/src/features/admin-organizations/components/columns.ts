import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import type { AdminColumn } from '../../../components/admin/grid-columns';

/** `/admin/organizations` (spec 001 §2): ID, name, location, contact, status badge, registration date, actions. */
export const organizationColumns: ReadonlyArray<AdminColumn<AdminOrganizationDto>> = [
  { field: 'id', header: 'organizations.columns.id', kind: 'text', value: (o) => o.id.slice(0, 8), minWidth: 100, hideOnPhone: true },
  { field: 'name', header: 'organizations.columns.name', kind: 'open', value: (o) => o.name, sortKey: 'name', minWidth: 180, flex: 1.4, phoneMinWidth: 140 },
  { field: 'location', header: 'organizations.columns.location', kind: 'twoLines', value: (o) => [o.city, `${o.address}, ${o.postalCode}`], minWidth: 180, flex: 1.2, hideOnPhone: true },
  { field: 'contact', header: 'organizations.columns.contact', kind: 'twoLines', value: (o) => [o.email, o.phoneNumber], minWidth: 200, flex: 1.2, hideOnPhone: true },
  {
    field: 'status', header: 'organizations.columns.status', kind: 'verified', value: (o) => o.isVerified, pendingLabel: 'status.pendingVerification', minWidth: 150, hideOnPhone: true,
    flag: (o) => (o.pendingIdentityChange ? 'organizations.pendingChange' : null),
  },
  { field: 'createdAt', header: 'organizations.columns.createdAt', kind: 'date', value: (o) => o.createdAt, sortKey: 'createdAt', minWidth: 120, hideOnPhone: true },
  { field: 'actions', header: 'organizations.columns.actions', kind: 'actions', minWidth: 150, phoneMinWidth: 160 },
];
