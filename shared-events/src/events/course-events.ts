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
  CourseDetails.extend({ courseId: Id, organizationId: Id }),
);

export const CourseCancelled = defineEvent(
  'CourseCancelled',
  z.object({ courseId: Id, reason: z.string() }),
);

/** Capacity is decided here, atomically, before the booking stream records the booking. */
export const SpotReserved = defineEvent(
  'SpotReserved',
  z.object({ courseId: Id, bookingId: Id, userId: Id, reservedAt: IsoDateTime }),
);

export const SpotReleaseReason = z.enum(['cancelled', 'expired', 'deleted', 'orphaned', 'courseCancelled']);
export type SpotReleaseReason = z.infer<typeof SpotReleaseReason>;

export const SpotReleased = defineEvent(
  'SpotReleased',
  z.object({ courseId: Id, bookingId: Id, userId: Id, reason: SpotReleaseReason }),
);

export const courseEvents = [CourseScheduled, CourseCancelled, SpotReserved, SpotReleased] as const;
export type CourseEvent = EventOf<(typeof courseEvents)[number]>;
