import type { AdminCourseDto } from '@recup/query-api/contracts/admin';
import type { AdminColumn } from '../../../components/admin/grid-columns';

/** `/admin/courses` (spec 001 §2): ID, title, organisation, location, date, price, spots left/total, waiting list, status, actions. */
export const courseColumns: ReadonlyArray<AdminColumn<AdminCourseDto>> = [
  { field: 'id', header: 'courses.columns.id', kind: 'open', value: (c) => c.id.slice(0, 8), minWidth: 110, phoneMinWidth: 90 },
  { field: 'title', header: 'courses.columns.title', kind: 'text', value: (c) => c.title, sortKey: 'title', minWidth: 150, flex: 1.2, phoneMinWidth: 120 },
  { field: 'organization', header: 'courses.columns.organization', kind: 'text', value: (c) => c.organization.name, minWidth: 170, flex: 1.3, hideOnPhone: true },
  { field: 'location', header: 'courses.columns.location', kind: 'twoLines', value: (c) => [c.city, c.postalCode], minWidth: 140, hideOnPhone: true },
  { field: 'date', header: 'courses.columns.date', kind: 'courseDate', value: (c) => c.startDate, sortKey: 'startDate', minWidth: 135, hideOnPhone: true },
  { field: 'price', header: 'courses.columns.price', kind: 'money', value: (c) => c.price, sortKey: 'price', minWidth: 100, hideOnPhone: true },
  { field: 'spots', header: 'courses.columns.spots', kind: 'text', value: (c) => `${c.spotsLeft}/${c.totalSpots}`, minWidth: 110, hideOnPhone: true },
  { field: 'waiting', header: 'courses.columns.waiting', kind: 'text', value: (c) => String(c.waitingCount), minWidth: 96, hideOnPhone: true },
  { field: 'status', header: 'courses.columns.status', kind: 'courseStatus', value: (c) => c.status, minWidth: 120, hideOnPhone: true },
  { field: 'actions', header: 'courses.columns.actions', kind: 'actions', minWidth: 110, phoneMinWidth: 96 },
];
