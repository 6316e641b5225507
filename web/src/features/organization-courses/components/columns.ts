import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import type { ColumnSpec } from '../../../components/data-grid/column-spec';

/** The courses grid of spec 001 §2: title, place, date, price, places, status, actions. */
export const COURSE_COLUMNS: readonly ColumnSpec<OrganizationCourseDto>[] = [
  { field: 'title', header: 'courses.grid.title', value: (c) => c.title, render: 'title', flex: 1.2, minWidth: 150, phoneMinWidth: 120 },
  { field: 'place', header: 'courses.grid.place', value: (c) => `${c.city} (${c.postalCode})`, flex: 1.2, minWidth: 150, hideOnPhone: true },
  { field: 'startDate', header: 'courses.grid.date', kind: 'courseDateTime', value: (c) => c.startDate, flex: 1, minWidth: 180, hideOnPhone: true },
  { field: 'price', header: 'courses.grid.price', kind: 'money', value: (c) => c.price, flex: 0.7, minWidth: 100, hideOnPhone: true },
  { field: 'spots', header: 'courses.grid.spots', value: (c) => c.spotsLeft, render: 'spots', flex: 0.9, minWidth: 150, phoneMinWidth: 122 },
  { field: 'status', header: 'courses.grid.status', value: (c) => c.status, render: 'status', flex: 0.8, minWidth: 120, hideOnPhone: true },
  { field: 'actions', header: 'courses.grid.actions', render: 'actions', sortable: false, flex: 1, minWidth: 170, phoneMinWidth: 88 },
];
