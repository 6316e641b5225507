/**
 * The training centre's reads (spec 001 §7, organization side). Pure: the web imports these.
 */
import { z } from 'zod';
import { Facilitator } from '@recup/shared-events/courses/attendance';
import { BookingDto, BookingPaymentDto, CourseDto } from '../contracts';

export { OrganizationDto } from '@recup/shared-events/api/organization';

/** One of the centre's courses, with what the centre needs to fill it. */
export const OrganizationCourseDto = CourseDto.extend({
  /** Places taken: paid, approved or still held by a booking awaiting payment. */
  bookedSpots: z.number().int(),
  /** Places held for learners of its waiting list (each until its offer ends): taken too, as long as they are held. */
  offersHeld: z.number().int(),
  /** CONFIRMED (or COMPLETED) bookings: those who will be there. */
  confirmedParticipants: z.number().int(),
  /** PENDING bookings, awaiting payment or the centre's approval. */
  pendingBookings: z.number().int(),
  /**
   * Fewer than 6 confirmed participants (the law's minimum) and 10 days or less before the start: unless
   * the centre fills it, the course cannot be held.
   */
  shortOfParticipants: z.boolean(),
  /** Why, when CANCELLED: deletedByCentre, deletedByAdmin, organizationDeleted. */
  cancellationReason: z.string().nullable(),
  /** The course's facilitators as named by the centre (printed on the attendance sheet and the attestations). */
  facilitators: z.array(Facilitator),
  /** The revision of its stream this answer shows (also the ETag of a read of it alone): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type OrganizationCourseDto = z.infer<typeof OrganizationCourseDto>;

/** `GET /api/organization/dashboard`: the figures of spec 001 §2 /organization, from the read models. */
export const OrganizationDashboardDto = z.object({
  /** Courses with status SCHEDULED. */
  scheduledCourses: z.number().int(),
  /** Of them, those starting within the next 30 days. */
  upcomingCourses: z.number().int(),
  /** Σ (total spots − spots left) over the courses not cancelled. */
  bookedSpots: z.number().int(),
  totalSpots: z.number().int(),
  /**
   * Integer cents: the money received for the centre's bookings, online and at the centre
   * (`receivedOnline + receivedAtCentre`): only money received counts (ARCHITECTURE.md), as on the
   * administrators' dashboard.
   */
  revenue: z.number().int(),
  /** What `revenue` is made of, and what is still due at the centre; integer cents. */
  money: z.object({
    /** Paid online, not refunded: `paidOnline − refunded`. */
    receivedOnline: z.number().int(),
    /** Every online payment that went through (`GET /api/organization/revenue`'s total). */
    paidOnline: z.number().int(),
    /** Given back online, whole or part. */
    refunded: z.number().int(),
    /** Recorded by the centre as received (cash, cheque, transfer). */
    receivedAtCentre: z.number().int(),
    /** Confirmed by the centre unpaid, its money not recorded yet ("to be paid at the centre"). */
    dueAtCentre: z.number().int(),
  }),
  /** The next 3 courses (start in the future, soonest first). */
  nextCourses: z.array(OrganizationCourseDto),
  /** Every course short of participants 10 days or less before its start. */
  shortOfParticipants: z.array(OrganizationCourseDto),
});
export type OrganizationDashboardDto = z.infer<typeof OrganizationDashboardDto>;

/**
 * `GET /api/organization/courses/{id}/waiting-list`: who waits for a place on one of the centre's courses, first in
 * line first; `position` counts those waiting for an offer (1 = next), null while a place is held for them.
 */
export const CourseWaitingListEntryDto = z.object({
  firstName: z.string(),
  lastName: z.string(),
  joinedAt: z.string(),
  position: z.number().int().positive().nullable(),
  offer: z.object({ offeredAt: z.string(), expiresAt: z.string() }).nullable(),
});
export type CourseWaitingListEntryDto = z.infer<typeof CourseWaitingListEntryDto>;

export const OrganizationBookingsQuery = z.object({ courseId: z.string().min(1).max(64).optional() });
export type OrganizationBookingsQuery = z.input<typeof OrganizationBookingsQuery>;

/**
 * A booking's online payment as its centre sees it: state, amount and day, never the provider's ids (a payment
 * intent's id is what the learner's 3-D Secure page and the provider's records answer to).
 */
const CentreBookingPaymentDto = BookingPaymentDto.omit({ stripePaymentIntentId: true });
type CentreBookingPaymentDto = z.infer<typeof CentreBookingPaymentDto>;

/**
 * A booking as its centre sees it: what the learner sees (but the provider's ids; how it is paid at the centre
 * included), and who confirmed it.
 */
export const OrganizationBookingDto = BookingDto.extend({
  payment: CentreBookingPaymentDto.nullable(),
  confirmedBy: z.enum(['payment', 'centre']).nullable(),
});
export type OrganizationBookingDto = z.infer<typeof OrganizationBookingDto>;
