/**
 * The query API's answers, as zod schemas. Pure: the web imports these for its types.
 */
import { z } from 'zod';
import { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { AttendanceRecord } from '@recup/shared-events/courses/attendance';
import { IsoDay } from '@recup/shared-events/primitives';

export const CourseStatus = z.enum(['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']);
export type CourseStatus = z.infer<typeof CourseStatus>;

export const BookingStatus = z.enum(['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED']);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const PaymentStatus = z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const RoleDto = z.enum(['USER', 'ORGANIZATION', 'ADMIN']);

export const CourseDto = z.object({
  id: z.string(),
  /** The city label shown to users. */
  title: z.string(),
  /** English title; the French one when none was given. */
  titleEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  department: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Integer euro cents. */
  price: z.number().int(),
  /** Places anyone may book: total − active reservations − places held for the waiting list. */
  spotsLeft: z.number().int(),
  totalSpots: z.number().int(),
  /** Learners on its waiting list (a full course's), those holding a place included. */
  waitingCount: z.number().int(),
  /** The course's own number at the prefecture (ANTS), which every advertisement of a course must show; null when not known. */
  antsNumber: z.string().nullable(),
  /** The centre that runs it, and its prefectoral approval number ("agrément"), which every advertisement must show (null when not known). */
  organization: z.object({ id: z.string(), name: z.string(), prefectApprovalReference: z.string().nullable() }),
  status: CourseStatus,
  /** Kilometres (one decimal) from the commune the search named, nearest first; null when it named none. */
  distanceKm: z.number().nullable(),
  /** A learner's cancellation at least this many hours before the start is refunded (REFUND_CUTOFF_HOURS): said before booking. */
  refundCutoffHours: z.number().int(),
  /** A place freed on a full course is held this many hours for the first in line (WAITLIST_OFFER_HOURS), never past 48 hours before the start. */
  waitlistOfferHours: z.number().int(),
});
export type CourseDto = z.infer<typeof CourseDto>;

/**
 * `GET /api/user/waiting-list`: one of the signed-in learner's places in line, soonest course first. `position`
 * counts the learners waiting for an offer (1 = next), null while a place is held for them (`offer`).
 */
export const WaitingListEntryDto = z.object({
  course: z.object({
    id: z.string(),
    title: z.string(),
    titleEn: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    city: z.string(),
    postalCode: z.string(),
    status: CourseStatus,
    spotsLeft: z.number().int(),
  }),
  joinedAt: z.string(),
  position: z.number().int().positive().nullable(),
  /** The place held for the learner, until when: they book it as any booking, from the course page. */
  offer: z.object({ offeredAt: z.string(), expiresAt: z.string() }).nullable(),
  /** Less than 49 hours before the start no place is offered any more: a place that frees is open to everyone. */
  offersClosed: z.boolean(),
});
export type WaitingListEntryDto = z.infer<typeof WaitingListEntryDto>;

export const BookingPaymentDto = z.object({
  id: z.string(),
  bookingId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: PaymentStatus,
  createdAt: z.string(),
  stripePaymentIntentId: z.string(),
});
export type BookingPaymentDto = z.infer<typeof BookingPaymentDto>;

/** Another course of the learner's that a points eligibility names. */
export const EligibilityCourseDto = z.object({ id: z.string(), title: z.string(), titleEn: z.string(), city: z.string(), startDate: z.string(), endDate: z.string() });
export type EligibilityCourseDto = z.infer<typeof EligibilityCourseDto>;

/**
 * Whether a course is expected to give points back to a learner (points come back once a year, date to date,
 * DOMAIN.md), from the courses they took or booked with us (CONFIRMED or COMPLETED), looking both ways.
 */
export const PointsEligibilityDto = z.object({
  earnsPoints: z.boolean(),
  /** When it earns none: the first day (YYYY-MM-DD, Paris) from which a course starting that day earns points again. */
  eligibleFrom: z.string().nullable(),
  /** When it earns none: the learner's course that earns the points of the year, less than a year before it starts. */
  previousCourse: EligibilityCourseDto.nullable(),
  /**
   * The learner's courses that earn points without this one and would earn none with it (they start less than a
   * year after it), soonest first: booking this one takes their points.
   */
  coursesLosingPoints: z.array(EligibilityCourseDto),
});
export type PointsEligibilityDto = z.infer<typeof PointsEligibilityDto>;

/** `GET /api/courses/{id}/eligibility`: the signed-in learner's eligibility for one course. */
export const CourseEligibilityDto = PointsEligibilityDto.extend({ courseId: z.string() });
export type CourseEligibilityDto = z.infer<typeof CourseEligibilityDto>;

/** The course as a booking shows it (the learner's and the administrators' views). */
export const BookedCourseDto = z.object({
  id: z.string(),
  title: z.string(),
  titleEn: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  organization: z.object({ name: z.string() }),
});

/** The learner as a booking shows them. */
export const BookingLearnerDto = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  licenseNumber: z.string().nullable(),
});

/** An invoice or a credit note: its number and its day. */
export const DocumentNumberDto = z.object({ number: z.string(), date: z.string() });

/** What every view of a booking starts with. */
export const BookingCoreDto = z.object({
  id: z.string(),
  bookingReference: z.string(),
  /** Same as bookingReference (both names appear in the specification). */
  reference: z.string(),
  status: BookingStatus,
  createdAt: z.string(),
  /** Integer euro cents: the price when booked. */
  price: z.number().int(),
  /**
   * Why the learner takes the course (the four cases of the law), with the day the 48N letter was received for
   * that case; null while the learner has not said it (a booking the centre confirmed unpaid may never have one).
   */
  learnerCase: LearnerCaseRecord.nullable(),
  /**
   * The learner's presence per half-day as recorded by the centre, and the outcome (COMPLETED: present at all four;
   * NOT_COMPLETED: a half-day missed); null while nothing is recorded (issue 20 §1).
   */
  attendance: AttendanceRecord.nullable(),
});

/** The money a centre received for a booking it confirmed unpaid, as it recorded it: how, which day, how much. */
export const CentrePaymentDto = z.object({ method: z.enum(['CASH', 'CHEQUE', 'TRANSFER']), receivedOn: z.string(), amount: z.number().int() });
export type CentrePaymentDto = z.infer<typeof CentrePaymentDto>;

/**
 * Why a booking ended, said in place of its payment's status (an unpaid booking's cancelled attempt is no failed
 * payment): who cancelled it, or that its hold ran out, when, and what became of the money.
 */
export const BookingEndingDto = z.object({
  reason: z.enum(['cancelledByLearner', 'cancelledByAdmin', 'courseCancelled', 'expired']),
  /** When it was cancelled, or when its hold ran out. */
  at: z.string(),
  /**
   * `notCharged`: no money was taken; `refundPending`: due back, under way; `kept`: cancelled too late to be refunded;
   * `paidAtCentre`: paid at the centre, which the platform does not refund (the centre settles it with the learner).
   */
  money: z.enum(['notCharged', 'refunded', 'refundPending', 'kept', 'paidAtCentre']),
});
export type BookingEndingDto = z.infer<typeof BookingEndingDto>;

/** A course a booking moved from or to, as the booking names it. */
export const MoveCourseDto = z.object({ id: z.string(), title: z.string(), titleEn: z.string(), city: z.string(), startDate: z.string(), endDate: z.string() });
export type MoveCourseDto = z.infer<typeof MoveCourseDto>;

/** One move of a booking to another date: from which course (null when it is no longer known), when, by whom. */
export const MovedFromDto = z.object({
  courseId: z.string(),
  course: MoveCourseDto.nullable(),
  movedAt: z.string(),
  by: z.enum(['learner', 'centre', 'admin']),
  priceBefore: z.number().int(),
  priceAfter: z.number().int(),
});
export type MovedFromDto = z.infer<typeof MovedFromDto>;

/**
 * Changing the date (issue 19 §4), as the caller may: `allowed` now (a learner until `lastDay`, the last day before
 * the cut-off, Paris calendar; a centre or an administrator until the course starts), and the move waiting for its
 * difference to be paid, if any (`amount`, integer cents, before `holdExpiresAt`).
 */
export const BookingMoveDto = z.object({
  allowed: z.boolean(),
  lastDay: z.string().nullable(),
  pending: z.object({ course: MoveCourseDto.nullable(), courseId: z.string(), holdExpiresAt: z.string(), amount: z.number().int() }).nullable(),
});
export type BookingMoveDto = z.infer<typeof BookingMoveDto>;

export const BookingDto = BookingCoreDto.extend({
  course: BookedCourseDto,
  user: BookingLearnerDto,
  payment: BookingPaymentDto.nullable(),
  /** Whether the learner may cancel now, and whether that would be refunded (said before confirming). */
  cancellation: z.object({ allowed: z.boolean(), refundDue: z.boolean() }),
  /** Set once the booking is paid: its number in the year's invoice series. */
  invoice: DocumentNumberDto.nullable(),
  /** Whether this course is expected to give points back, against the learner's other courses; null once cancelled (or not computed). */
  pointsEligibility: PointsEligibilityDto.nullable(),
  /** While it awaits payment: until when its spot is held. */
  holdExpiresAt: z.string().nullable(),
  /** Once cancelled or expired: why, and what became of the money. */
  ending: BookingEndingDto.nullable(),
  /** The courses it moved from, oldest first (its reference never changes). */
  movedFrom: z.array(MovedFromDto),
  move: BookingMoveDto,
  /** Recorded by the centre once it received the money of a booking it confirmed unpaid. */
  paidAtCentre: CentrePaymentDto.nullable(),
  /** Confirmed by the centre, not paid online, its money not recorded yet: "to be paid at the centre". */
  dueAtCentre: z.boolean(),
});
export type BookingDto = z.infer<typeof BookingDto>;

export const CurrentUserDto = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleDto,
  language: z.enum(['FR', 'EN']),
});
export type CurrentUserDto = z.infer<typeof CurrentUserDto>;

const optionalTrimmed = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));
/** A day that exists (2026-13-45 is refused), YYYY-MM-DD. */
const isoDay = IsoDay;

/** `GET /api/courses/search`: every parameter optional. */
export const CourseSearchQuery = z.object({
  /** A city, commune or postal code. */
  location: optionalTrimmed,
  department: z.enum(['04', '05', '06', '13', '83', '84']).optional(),
  /** Courses starting on or after this day. */
  startDate: isoDay.optional(),
  /** Courses starting on or before this day. */
  endDate: isoDay.optional(),
  /** Only courses with a Saturday among their days (Friday–Saturday: courses never run on Sundays). */
  weekend: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** In euros, as on the price slider. */
  maxPrice: z.coerce.number().min(0).max(100_000).optional(),
  /** In kilometres from `location`; applies when `location` names a known commune or postal code. */
  maxDistance: z.coerce.number().min(0).max(1_000).optional(),
  /**
   * The order of the courses found: `distance` (nearest first, then soonest; when `location` names a known place,
   * and its default then), `date` (soonest first; the default otherwise) or `price` (cheapest first, then soonest).
   */
  sort: z.enum(['distance', 'date', 'price']).optional(),
  /**
   * Optional paging (1-based page, 20 courses a page by default): with either, the answer is one page and
   * the total (`CourseSearchPage`); without, the spec's JSON array of every course found.
   */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type CourseSearchQuery = z.input<typeof CourseSearchQuery>;

/** `GET /api/courses/search?…&page=&pageSize=`: one page of the courses found, and how many were found. */
export const CourseSearchPage = z.object({
  items: z.array(CourseDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CourseSearchPage = z.infer<typeof CourseSearchPage>;

/** `GET /api/courses/cities`: each city with upcoming courses, and how many (the city pages' links). */
export const CourseCitiesDto = z.object({
  items: z.array(z.object({ city: z.string(), department: z.string(), courses: z.number().int().positive() })),
});
export type CourseCitiesDto = z.infer<typeof CourseCitiesDto>;

export { ProfileDto } from '@recup/shared-events/api/profile';

/** `GET /api/legal/seller`: who sells the courses and issues the invoices (the legal notice shows it). */
export const SellerIdentityDto = z.object({
  name: z.string(),
  legalForm: z.string(),
  /** Integer euro cents. */
  shareCapitalCents: z.number().int(),
  address: z.string(),
  siren: z.string(),
  siret: z.string(),
  rcs: z.string(),
  /** Null when the seller is exempt from VAT (then `vatExemption` says under which article). */
  vatNumber: z.string().nullable(),
  vatExemption: z.string().nullable(),
  publicationDirector: z.string(),
  email: z.string(),
  phone: z.string(),
  hostingProvider: z.string(),
  hostingAddress: z.string(),
  hostingPhone: z.string(),
  /** The demonstration identity (SIREN 000 000 000): the legal pages say so, until the SELLER_* variables are set. */
  demonstration: z.boolean(),
});
export type SellerIdentityDto = z.infer<typeof SellerIdentityDto>;

/** `GET /api/admin/users` (spec 001 §3, User admin view). */
export const AdminUserDto = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  role: RoleDto,
  language: z.enum(['FR', 'EN']),
  isVerified: z.boolean(),
  createdAt: z.string(),
  /** The revision of its stream this answer shows (also the ETag of a read of it alone): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;
