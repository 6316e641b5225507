/**
 * The administrators' reads (spec 001 §3, §7 "Admin"): the answers, as zod schemas. Pure: the web imports
 * these. The lists' parameters are in `admin-queries.ts`.
 *
 * The lists that grow (courses, bookings, payments, users) answer the spec's JSON array when called without
 * paging; given `page` or `pageSize` they answer one page and the total.
 */
import { z } from 'zod';
import { PendingIdentityChangeDto } from '@recup/shared-events/api/organization';
import { BookedCourseDto, BookingCoreDto, BookingLearnerDto, BookingMoveDto, BookingStatus, CentrePaymentDto, CourseDto, DocumentNumberDto, MovedFromDto, PaymentStatus } from '../contracts';

export { AdminUserDto } from '../contracts';
export { creditNoteNumber } from '../invoices/credit-note-number';

export const DEFAULT_PAGE_SIZE = 25;

export const Paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

// ── Stats ───────────────────────────────────────────────────────────────────────────────────────────────

export const AdminStatsDto = z.object({
  totalUsers: z.number().int(),
  totalOrganizations: z.number().int(),
  pendingOrganizations: z.number().int(),
  totalCourses: z.number().int(),
  totalBookings: z.number().int(),
  /**
   * Integer cents: the money received (ARCHITECTURE.md), `revenueOnline + revenueAtCentre`. A booking a centre
   * confirmed unpaid counts once the centre records its money; the centres' dashboards count the same.
   */
  totalRevenue: z.number().int(),
  /** Integer cents: payments that succeeded online, less those refunded. */
  revenueOnline: z.number().int(),
  /** Integer cents: money centres recorded as received for bookings they confirmed unpaid. */
  revenueAtCentre: z.number().int(),
  /** The online payments that make `revenueOnline`. */
  totalPayments: z.number().int(),
  /** Bookings placed in the last `recentDays` Paris calendar days, today included. */
  recentBookings: z.number().int(),
  recentDays: z.number().int(),
  /** Refunds asked for and not carried out yet. */
  pendingRefunds: z.number().int(),
  /** The 5 latest bookings placed. */
  recentBookingsWithDetails: z.array(z.object({
    id: z.string(),
    reference: z.string(),
    courseLocation: z.string(),
    /** When the booking was placed (ISO). */
    date: z.string(),
    courseStartDate: z.string(),
    userName: z.string(),
    /** Integer cents. */
    amount: z.number().int(),
    status: BookingStatus,
  })),
});
export type AdminStatsDto = z.infer<typeof AdminStatsDto>;

// ── Courses ─────────────────────────────────────────────────────────────────────────────────────────────

export const AdminCourseDto = CourseDto.extend({
  /** When the course was scheduled. */
  createdAt: z.string(),
});
export type AdminCourseDto = z.infer<typeof AdminCourseDto>;


// ── Payments and bookings ───────────────────────────────────────────────────────────────────────────────

/** A payment's own fields (spec 001 §3 "Payment", and what the provider said). */
export const AdminPaymentSummaryDto = z.object({
  id: z.string(),
  bookingId: z.string(),
  /** Integer cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: PaymentStatus,
  /** The provider's id of the payment (Stripe's PaymentIntent, or the test gateway's). */
  stripePaymentIntentId: z.string(),
  provider: z.enum(['test', 'stripe']),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** A refund was asked for and is not done yet. */
  refundPending: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  lastError: z.object({ code: z.string(), reason: z.string() }).nullable(),
});
export type AdminPaymentSummaryDto = z.infer<typeof AdminPaymentSummaryDto>;

/** A payment with its booking, its learner, the invoice of the paid booking and the credit note that cancels it once refunded. */
export const AdminPaymentDto = AdminPaymentSummaryDto.extend({
  booking: z.object({ id: z.string(), reference: z.string(), status: BookingStatus }).nullable(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  invoice: DocumentNumberDto.nullable(),
  creditNote: DocumentNumberDto.nullable(),
});
export type AdminPaymentDto = z.infer<typeof AdminPaymentDto>;


/** `GET /api/admin/payments/search?q=`: the server-side search (reference, payment id, provider id, learner name or e-mail). */

export const AdminBookingDto = BookingCoreDto.extend({
  course: BookedCourseDto.extend({ organization: z.object({ id: z.string(), name: z.string() }) }),
  user: BookingLearnerDto.extend({ id: z.string() }),
  payment: AdminPaymentSummaryDto.nullable(),
  invoice: DocumentNumberDto.nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.enum(['payment', 'centre']).nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['learner', 'admin', 'courseCancelled']).nullable(),
  /** The unpaid hold ran out (shown as CANCELLED). */
  expired: z.boolean(),
  /** The courses it moved from, oldest first, and whether an administrator may move it now (issue 19 §4). */
  movedFrom: z.array(MovedFromDto),
  move: BookingMoveDto,
  /** Recorded by the centre once it received the money of a booking it confirmed unpaid. */
  paidAtCentre: CentrePaymentDto.nullable(),
  /** Confirmed by the centre, not paid online, its money not recorded yet: "to be paid at the centre". */
  dueAtCentre: z.boolean(),
});
export type AdminBookingDto = z.infer<typeof AdminBookingDto>;


// ── Organizations ───────────────────────────────────────────────────────────────────────────────────────

export const AdminOrganizationDto = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  prefectApprovalReference: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  /** The ORGANIZATION account that manages the centre, if any. */
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /** Its change of name, address or approval awaiting an administrator's decision, if any. */
  /** The prefectoral approval's grant and last day, as an administrator recorded them. */
  approvalGrantedOn: z.string().nullable().default(null),
  approvalExpiresOn: z.string().nullable().default(null),
  pendingIdentityChange: PendingIdentityChangeDto.nullable().default(null),
  /** When its verification was withdrawn, while it stays so. */
  verificationWithdrawnAt: z.string().nullable().default(null),
  /** The revision of its stream this answer shows (also the ETag of a read of it alone): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type AdminOrganizationDto = z.infer<typeof AdminOrganizationDto>;

/**
 * `GET /api/admin/approvals/expiring` (issue 20 §7): a centre whose prefectoral approval ends within 90 days, or
 * has ended, soonest first. `daysLeft`: days from today (Paris) to its last day, negative once ended.
 */
const ExpiringApprovalDto = z.object({
  organizationId: z.string(),
  name: z.string(),
  city: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  prefectApprovalReference: z.string().nullable(),
  approvalGrantedOn: z.string().nullable(),
  approvalExpiresOn: z.string(),
  daysLeft: z.number().int(),
  expired: z.boolean(),
});
type ExpiringApprovalDto = z.infer<typeof ExpiringApprovalDto>;
export const ExpiringApprovalsResponse = z.object({ withinDays: z.number().int(), approvals: z.array(ExpiringApprovalDto) });
export type ExpiringApprovalsResponse = z.infer<typeof ExpiringApprovalsResponse>;


// ── Users ───────────────────────────────────────────────────────────────────────────────────────────────


// ── Parked events ───────────────────────────────────────────────────────────────────────────────────────
/** An event a reactor kept failing on, set aside so that the events after it went on (issue 22). */
export const ParkedEventDto = z.object({
  id: z.string(),
  /** The reactor whose handler failed (`refund-keeper`, `mail`...). */
  reactor: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  streamName: z.string(),
  position: z.number().int(),
  occurredAt: z.string(),
  /** The last error's message. */
  error: z.string(),
  attempts: z.number().int(),
  parkedAt: z.string(),
  /** When an administrator asked for a retry that has not run yet, or null. */
  retryRequestedAt: z.string().nullable(),
});
export type ParkedEventDto = z.infer<typeof ParkedEventDto>;
export const ParkedEventsDto = z.object({ count: z.number().int(), items: z.array(ParkedEventDto) });
export type ParkedEventsDto = z.infer<typeof ParkedEventsDto>;
