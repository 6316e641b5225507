/**
 * Recording a course's attendance and naming its facilitators (issue 20 §1). Pure: the web imports these.
 */
import { z } from 'zod';
import { AttendanceRecord, CourseHalfDay, Facilitator, Presence } from '@recup/shared-events/courses/attendance';

/** `PUT /api/organization/courses/{id}/attendance`: presences, one entry per booking and half-day (the others stay as recorded). */
export const RecordAttendanceRequest = z.object({
  entries: z.array(z.object({ bookingId: z.uuid(), halfDay: CourseHalfDay, presence: Presence })).min(1).max(400),
});
export type RecordAttendanceRequest = z.input<typeof RecordAttendanceRequest>;
export const RecordAttendanceResponse = z.object({
  courseId: z.string(),
  /** How many bookings' attendance changed (one event each). */
  changed: z.number().int(),
  rows: z.array(z.object({ bookingId: z.string(), attendance: AttendanceRecord })),
});
/** `PUT /api/organization/courses/{id}/facilitators`: the road-safety expert and the psychologist, each role once. */
export const NameFacilitatorsRequest = z.object({ facilitators: z.array(Facilitator).min(1).max(2) });
export const NameFacilitatorsResponse = z.object({ courseId: z.string(), facilitators: z.array(Facilitator) });
