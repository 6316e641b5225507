/**
 * The administrators' lists' optional parameters (spec 001 §7 "Admin"): a page (from 0) of `pageSize` rows, a
 * column to sort by and its order, a search and each list's filters. `/export` beside a list takes the same
 * and streams every matching row as CSV. Read by the query API only (the web builds its queries by hand).
 */
import { z } from 'zod';
import { BookingStatus, CourseStatus, PaymentStatus, RoleDto } from '../contracts';

/** The free-text search of a list: trimmed, at most 100 characters, blank meaning none. */
const Search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

const SortOrder = z.enum(['asc', 'desc']);

/** What every list accepts: a page (from 0) of `pageSize` rows, a column to sort by, and a search. */
function listQuery<const Sort extends readonly [string, ...string[]]>(sortable: Sort) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
    sort: z.enum(sortable).optional(),
    order: SortOrder.optional(),
    q: Search,
    /** The web client's cache buster (spec 001 §7): ignored. */
    t: z.string().max(32).optional(),
  });
}

export const AdminCoursesQuery = listQuery(['startDate', 'title', 'price', 'createdAt'] as const).extend({
  status: CourseStatus.optional(),
  organizationId: z.string().min(1).max(64).optional(),
});
export type AdminCoursesQuery = z.input<typeof AdminCoursesQuery>;

export const AdminPaymentsQuery = listQuery(['createdAt', 'amount', 'status'] as const).extend({
  status: PaymentStatus.optional(),
});
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuery>;

export const AdminPaymentSearchQuery = AdminPaymentsQuery.extend({ q: z.string().trim().min(1).max(100) });

export const AdminBookingsQuery = listQuery(['createdAt', 'reference', 'price', 'status'] as const).extend({
  status: BookingStatus.optional(),
});
export type AdminBookingsQuery = z.input<typeof AdminBookingsQuery>;

export const AdminOrganizationsQuery = listQuery(['name', 'createdAt'] as const).extend({
  verified: z.enum(['true', 'false']).optional(),
  /** `true`: only the centres whose change of identity awaits a decision. */
  pendingChange: z.enum(['true']).optional(),
});
export type AdminOrganizationsQuery = z.input<typeof AdminOrganizationsQuery>;

export const AdminUsersQuery = listQuery(['createdAt', 'lastName', 'email', 'role'] as const).extend({
  role: RoleDto.optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;
