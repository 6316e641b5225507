import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Cents, Department, Id, IsoDateTime } from '../primitives';

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

export const courseEvents = [CourseScheduled, CourseDetailsChanged, CourseCancelled, SpotReserved, SpotReleased] as const;
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
