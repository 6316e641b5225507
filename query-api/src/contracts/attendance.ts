/**
 * A course's attendance as the centre records it (issue 20 §1). Pure: the web imports these.
 */
import { z } from 'zod';
import { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { AttendanceRecord, Facilitator } from '@recup/shared-events/courses/attendance';

/** `GET /api/organization/courses/{id}/attendance`: the course, when attendance may be recorded, and each participant's row. */
export const CourseAttendanceDto = z.object({
  course: z.object({
    id: z.string(), title: z.string(), titleEn: z.string(), startDate: z.string(), endDate: z.string(),
    address: z.string(), postalCode: z.string(), city: z.string(), antsNumber: z.string().nullable(), cancelled: z.boolean(),
    /** The four half-days' times, in order (ISO start and end). */
    halfDays: z.array(z.object({ start: z.string(), end: z.string() })),
  }),
  /** From the first day 00:00 to the end of the 15th day after the last (Paris); `open`: a centre may record now. */
  window: z.object({ opensAt: z.string(), closesAt: z.string(), open: z.boolean() }),
  facilitators: z.array(Facilitator),
  /** Bookings CONFIRMED (or COMPLETED) on the course, by last name. */
  participants: z.array(z.object({
    bookingId: z.string(),
    bookingReference: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(['CONFIRMED', 'COMPLETED']),
    learnerCase: LearnerCaseRecord.nullable(),
    attendance: AttendanceRecord.nullable(),
    /** The attestation can be downloaded (the course ended and the learner completed it). */
    attestationAvailable: z.boolean(),
    attestationSentAt: z.string().nullable(),
  })),
});
export type CourseAttendanceDto = z.infer<typeof CourseAttendanceDto>;
