/**
 * The command API's course calls (spec 001 §7): publish one, change, delete, publish several at once. Pure:
 * the web imports these. The form's rules and the law's (`checkCourse` in shared-events) are the domain's:
 * a field left out or broken is answered with the rule's own message, so only types and sizes are checked here.
 */
import { z } from 'zod';
import { ReadRevision } from '@recup/shared-events/api/profile';
import { CourseStatus } from '@recup/shared-events/api/course-status';
import { multilineText } from '@recup/shared-events/text/visible-text';

const optionalText = (max: number) => z.string().max(max).nullish();
/** A paragraph: its line breaks are its own. */
const optionalParagraphs = (max: number) => multilineText(z.string().max(max)).nullish();

/** One course as the forms send it: price in integer cents, dates as ISO instants. */
export const CourseFieldsRequest = z.object({
  title: optionalText(120),
  titleEn: optionalText(120),
  description: optionalParagraphs(4000),
  descriptionEn: optionalParagraphs(4000),
  address: optionalText(200),
  city: optionalText(100),
  postalCode: optionalText(10),
  /** One of 04, 05, 06, 13, 83, 84; the administrator's form leaves it out and the postal code says it. */
  department: optionalText(3),
  startDate: optionalText(40),
  endDate: optionalText(40),
  /** Integer euro cents. */
  price: z.number().int().max(10_000_00).nullish(),
  totalSpots: z.number().int().max(10_000).nullish(),
  antsNumber: optionalText(50),
});

/**
 * `POST /api/courses`. A centre publishes for itself (`organizationId`, when sent, must be its own); an
 * administrator names any centre. New courses start SCHEDULED with every spot free, whatever is sent.
 */
export const CreateCourseRequest = CourseFieldsRequest.extend({
  organizationId: z.string().max(64).nullish(),
  spotsLeft: z.number().int().nullish(),
  status: z.literal('SCHEDULED').nullish(),
}).strict();
export type CreateCourseRequest = z.input<typeof CreateCourseRequest>;

/** `PATCH /api/courses/{id}`: every field of the course, as in the form. */
export const UpdateCourseRequest = CourseFieldsRequest.extend({ revision: ReadRevision }).strict();
export type UpdateCourseRequest = z.input<typeof UpdateCourseRequest>;

/** `POST /api/courses/batch`: one course object per session (the common fields repeated), 50 at most. */
export const CourseBatchRequest = z.array(CreateCourseRequest).max(50);
export type CourseBatchRequest = z.input<typeof CourseBatchRequest>;

/** A course as a write answers it. */
export const CourseResponse = z.object({
  id: z.string(),
  title: z.string(),
  titleEn: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  department: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: z.number().int(),
  totalSpots: z.number().int(),
  spotsLeft: z.number().int(),
  antsNumber: z.string().nullable(),
  organizationId: z.string(),
  status: CourseStatus,
  /** The revision of the course's stream this answer shows (also its ETag): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type CourseResponse = z.infer<typeof CourseResponse>;

export const CourseBatchResponse = z.array(CourseResponse);

/** `DELETE /api/courses/{id}`: the course is cancelled, and so is each of its bookings (paid ones refunded). */
export const DeleteCourseResponse = z.object({
  courseId: z.string(),
  status: z.literal('CANCELLED'),
  cancelledBookings: z.number().int(),
  refunds: z.number().int(),
});
export type DeleteCourseResponse = z.infer<typeof DeleteCourseResponse>;

/**
 * `POST /api/courses/{id}/waiting-list`: the signed-in learner is in line for a full course. `position` is their
 * place among those waiting for an offer (1 = next).
 */
export const JoinWaitingListResponse = z.object({
  courseId: z.string(),
  status: z.literal('WAITING'),
  position: z.number().int().positive(),
  joinedAt: z.string(),
});
export type JoinWaitingListResponse = z.infer<typeof JoinWaitingListResponse>;
