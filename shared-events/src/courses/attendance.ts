import { z } from 'zod';
import { addDays, parisCalendarDay } from '../calendar/calendar-day';
import { parisTime } from '../calendar/paris';

/**
 * Attendance after the course (issue 20 §1, DOMAIN.md "After the course"): presence is recorded per half-day, four
 * per course (day 1 morning and afternoon, day 2 morning and afternoon). Pure: the booking decider, the read models,
 * the attendance sheet and the attestation all read a booking's attendance through these rules.
 */

/** The four half-days of a two-day course, in order (08:00–12:00 and 13:00–17:00 each day). */
export const CourseHalfDay = z.enum(['DAY1_MORNING', 'DAY1_AFTERNOON', 'DAY2_MORNING', 'DAY2_AFTERNOON']);
export type CourseHalfDay = z.infer<typeof CourseHalfDay>;
export const COURSE_HALF_DAYS = CourseHalfDay.options;

/** What the centre recorded for one learner and one half-day: present, absent, or arrived late and refused. */
export const Presence = z.enum(['PRESENT', 'ABSENT', 'LATE_REFUSED']);
export type Presence = z.infer<typeof Presence>;

/** A booking's attendance as recorded so far: a presence per half-day (a half-day not yet recorded is absent from it). */
export const AttendanceSheetRow = z.partialRecord(CourseHalfDay, Presence);
export type AttendanceSheetRow = z.infer<typeof AttendanceSheetRow>;

/**
 * - PENDING: not every half-day is recorded yet, and none is missed;
 * - COMPLETED: present at all four half-days: the course is completed (attestation, points);
 * - NOT_COMPLETED: absent, or late and refused, at one half-day at least: no attestation, no points, no refund.
 */
export const AttendanceOutcome = z.enum(['PENDING', 'COMPLETED', 'NOT_COMPLETED']);
export type AttendanceOutcome = z.infer<typeof AttendanceOutcome>;

export function attendanceOutcome(row: AttendanceSheetRow): AttendanceOutcome {
  const recorded = COURSE_HALF_DAYS.map((halfDay) => row[halfDay]);
  if (recorded.some((presence) => presence === 'ABSENT' || presence === 'LATE_REFUSED')) return 'NOT_COMPLETED';
  return recorded.every((presence) => presence === 'PRESENT') ? 'COMPLETED' : 'PENDING';
}

/** The half-days a learner missed (absent or late and refused), in order. */
export function missedHalfDays(row: AttendanceSheetRow): CourseHalfDay[] {
  return COURSE_HALF_DAYS.filter((halfDay) => row[halfDay] === 'ABSENT' || row[halfDay] === 'LATE_REFUSED');
}

/**
 * A booking's attendance as every read model and view of a booking carries it (null there: nothing recorded yet).
 */
export const AttendanceRecord = z.object({ halfDays: AttendanceSheetRow, outcome: AttendanceOutcome });
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

/** The centre records attendance until this many calendar days after the course's last day (the prefecture's deadline). */
export const ATTENDANCE_DAYS_AFTER_END = 15;

/**
 * When attendance may be recorded for a course: from its first day (00:00, Paris) to the end of the 15th calendar day
 * after its last day (Paris). An administrator may correct outside it.
 */
export function attendanceWindow(course: { startDate: string; endDate: string }): { opensAt: Date; closesAt: Date } {
  const opensAt = parisTime(parisCalendarDay(new Date(course.startDate)), 0);
  const closesAt = parisTime(addDays(parisCalendarDay(new Date(course.endDate)), ATTENDANCE_DAYS_AFTER_END + 1), 0);
  return { opensAt, closesAt };
}

/** The two facilitators every course has (DOMAIN.md): a road-safety expert (BAFM) and a psychologist. */
export const FacilitatorRole = z.enum(['ROAD_SAFETY_EXPERT', 'PSYCHOLOGIST']);
export type FacilitatorRole = z.infer<typeof FacilitatorRole>;
export const Facilitator = z.object({ role: FacilitatorRole, name: z.string().trim().min(1).max(120) });
export type Facilitator = z.infer<typeof Facilitator>;
