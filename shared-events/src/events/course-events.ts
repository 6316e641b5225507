import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Facilitator } from '../courses/attendance';
import { Cents, Department, Id, IsoDateTime, IsoDay } from '../primitives';

export const CourseDetails = z.object({
  title: z.string().min(1),
  titleEn: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  address: z.string().min(1),
  city: z.string().min(1),
  postalCode: z.string().regex(/^\d{5}$/),
  department: Department,
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  price: Cents,
  totalSpots: z.number().int().positive(),
  antsNumber: z.string().nullable(),
});
export type CourseDetails = z.infer<typeof CourseDetails>;

export const CourseScheduled = defineEvent(
  'CourseScheduled',
  CourseDetails.extend({
    courseId: Id,
    organizationId: Id,
    /** Set on a course published with others at once: it shows only once its whole batch is published. */
    batchId: Id.optional(),
  }),
);

/** The centre (or an administrator) changed the course: its details as they now stand. */
export const CourseDetailsChanged = defineEvent('CourseDetailsChanged', CourseDetails.extend({ courseId: Id }));

/** Why a course was cancelled; older events hold free text. */
export const CourseCancellationReason = z.enum(['deletedByCentre', 'deletedByAdmin', 'organizationDeleted', 'batchWithdrawn']);
export type CourseCancellationReason = z.infer<typeof CourseCancellationReason>;

/**
 * Cancelled courses take no booking and change no more. Written on a stream that holds no course yet, it
 * keeps a course that was announced (by its centre's stream or its batch) from ever being scheduled.
 */
export const CourseCancelled = defineEvent(
  'CourseCancelled',
  z.object({ courseId: Id, reason: z.string() }),
);

/** Capacity is decided here, atomically, before the booking stream records the booking. */
export const SpotReserved = defineEvent(
  'SpotReserved',
  z.object({ courseId: Id, bookingId: Id, userId: Id, reservedAt: IsoDateTime }),
);

/** `moved`: the booking moved to another course (BookingMoved), whose place it holds now. */
export const SpotReleaseReason = z.enum(['cancelled', 'expired', 'deleted', 'orphaned', 'courseCancelled', 'moved']);
export type SpotReleaseReason = z.infer<typeof SpotReleaseReason>;

export const SpotReleased = defineEvent(
  'SpotReleased',
  z.object({ courseId: Id, bookingId: Id, userId: Id, reason: SpotReleaseReason }),
);

// ── The waiting list (course stream): learners waiting for a place of a full course, and places held for them ──

/** A learner, signed in, joined the waiting list of a full course: they come after everyone who joined before. */
export const WaitingListJoined = defineEvent('WaitingListJoined', z.object({ courseId: Id, userId: Id, joinedAt: IsoDateTime }));

/**
 * Why a learner is no longer waiting: they left (`left`), booked this course (`booked`), had a booking of another
 * course confirmed (`bookedElsewhere`), let their offer end (`offerExpired`), the course was cancelled
 * (`courseCancelled`), or their account was deleted (`accountDeleted`).
 */
export const WaitingListLeaveReason = z.enum(['left', 'booked', 'bookedElsewhere', 'offerExpired', 'courseCancelled', 'accountDeleted']);
export type WaitingListLeaveReason = z.infer<typeof WaitingListLeaveReason>;

/** The learner's place in line ends, and with it any offer they held: that place is free again. */
export const WaitingListLeft = defineEvent('WaitingListLeft', z.object({ courseId: Id, userId: Id, reason: WaitingListLeaveReason }));

/**
 * A free place is held for the first learner in line until `expiresAt`: it counts as taken, and only they may
 * book it. One offer per free place: decided here, with the stream's expected revision.
 */
export const SpotOffered = defineEvent(
  'SpotOffered',
  z.object({ courseId: Id, offerId: Id, userId: Id, offeredAt: IsoDateTime, expiresAt: IsoDateTime }),
);

/** The learner booked the place held for them: the booking's reservation takes it (in the same append). */
export const SpotOfferTaken = defineEvent('SpotOfferTaken', z.object({ courseId: Id, offerId: Id, userId: Id, bookingId: Id }));

/** The offer ended unused: the place is free again, for the next in line. */
export const SpotOfferExpired = defineEvent('SpotOfferExpired', z.object({ courseId: Id, offerId: Id, userId: Id }));

/** The centre named the course's two facilitators (printed on the attendance sheet and the attestations); a later naming replaces it. */
export const CourseFacilitatorsNamed = defineEvent(
  'CourseFacilitatorsNamed',
  z.object({ courseId: Id, facilitators: z.array(Facilitator).min(1).max(4), namedBy: Id, namedAt: IsoDateTime }),
);

/** The centre sent the prefecture the course's pack (attestations, signed attendance sheet, IDs), as it says; once. */
export const CoursePrefecturePackSent = defineEvent(
  'CoursePrefecturePackSent',
  z.object({ courseId: Id, sentBy: Id, sentAt: IsoDateTime }),
);

/** The centre was reminded that the course's pack is due (10 days after the course, and on its 15th and last day); once each. */
export const CoursePrefecturePackReminderSent = defineEvent(
  'CoursePrefecturePackReminderSent',
  z.object({ courseId: Id, day: z.union([z.literal(10), z.literal(15)]), deadline: IsoDay, sentAt: IsoDateTime }),
);

/**
 * Ten days before its first day the course had fewer confirmed participants than the minimum: its centre is told
 * to decide (hold, move or cancel it). Once per course; the mail reactor mails on it, unless the centre turned it off.
 */
export const CourseLowEnrolmentNoticed = defineEvent(
  'CourseLowEnrolmentNoticed',
  z.object({ courseId: Id, organizationId: Id, participants: z.number().int().nonnegative(), minimum: z.number().int().positive(), noticedAt: IsoDateTime }),
);

export const courseEvents = [
  CourseScheduled, CourseDetailsChanged, CourseCancelled, SpotReserved, SpotReleased,
  WaitingListJoined, WaitingListLeft, SpotOffered, SpotOfferTaken, SpotOfferExpired, CourseFacilitatorsNamed, CourseLowEnrolmentNoticed,
  CoursePrefecturePackSent, CoursePrefecturePackReminderSent,
] as const;
export type CourseEvent = EventOf<(typeof courseEvents)[number]>;

// ── Batches (`courseBatch-<id>`): several courses published at once, all or none ───────────────────────

export const BatchCourse = CourseDetails.extend({ courseId: Id });
export type BatchCourse = z.infer<typeof BatchCourse>;

/** Every session was checked: the batch holds what it takes to publish each course, even after a crash. */
export const CourseBatchStarted = defineEvent(
  'CourseBatchStarted',
  z.object({ batchId: Id, organizationId: Id, courses: z.array(BatchCourse).min(1), startedAt: IsoDateTime }),
);

/** Every course of the batch is scheduled: they all show at once. */
export const CourseBatchPublished = defineEvent(
  'CourseBatchPublished',
  z.object({ batchId: Id, organizationId: Id, courseIds: z.array(Id).min(1), publishedAt: IsoDateTime }),
);

/** The batch could not be completed (its centre was deleted or unverified meanwhile): none of its courses shows. */
export const CourseBatchWithdrawn = defineEvent(
  'CourseBatchWithdrawn',
  z.object({ batchId: Id, organizationId: Id, courseIds: z.array(Id), reason: z.string(), withdrawnAt: IsoDateTime }),
);

export const courseBatchEvents = [CourseBatchStarted, CourseBatchPublished, CourseBatchWithdrawn] as const;
export type CourseBatchEvent = EventOf<(typeof courseBatchEvents)[number]>;
