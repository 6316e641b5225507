/**
 * The centre's annual report to the prefecture (issue 20 §4, DOMAIN.md "After the course"): the figures of one
 * calendar year, as `GET /api/organization/reports/annual?year=YYYY&format=json` answers them (the PDF and the CSV
 * print the same record). Pure: the web imports these.
 */
import { z } from 'zod';
import { FacilitatorRole } from '@recup/shared-events/courses/attendance';

/** The first year a report may be asked for (the platform holds nothing older). */
export const FIRST_REPORT_YEAR = 2000;

export const AnnualReportFormat = z.enum(['pdf', 'csv', 'json']);
export type AnnualReportFormat = z.infer<typeof AnnualReportFormat>;

/** `?year=YYYY` (not in the future, not before 2000: checked by the route against its clock), `&format=`, `&lang=`. */
export const AnnualReportQuery = z.object({
  year: z.coerce.number().int().min(FIRST_REPORT_YEAR).max(9999),
  format: AnnualReportFormat.default('pdf'),
  lang: z.enum(['fr', 'en']).optional(),
}).strict();
export type AnnualReportQuery = z.input<typeof AnnualReportQuery>;

export const AdminAnnualReportQuery = AnnualReportQuery.extend({ organizationId: z.string().min(1).max(200) }).strict();
export type AdminAnnualReportQuery = z.input<typeof AdminAnnualReportQuery>;

/**
 * Where a course of the year stands: HELD (scheduled, not cancelled, ended), CANCELLED, or SCHEDULED (not ended yet:
 * only in the current year's report).
 */
export const ReportCourseStatus = z.enum(['HELD', 'CANCELLED', 'SCHEDULED']);
export type ReportCourseStatus = z.infer<typeof ReportCourseStatus>;

/** Why a course was cancelled (`CourseCancellationReason`); `other` for any reason older events hold as free text. */
export const ReportCancellationReason = z.enum(['deletedByCentre', 'deletedByAdmin', 'organizationDeleted', 'other']);
export type ReportCancellationReason = z.infer<typeof ReportCancellationReason>;

/** The four cases of the law, and the trainees who never declared theirs. */
export const ReportCase = z.enum(['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', 'PENAL_SETTLEMENT', 'NOT_DECLARED']);
export type ReportCase = z.infer<typeof ReportCase>;

export const AnnualReportCourse = z.object({
  courseId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  antsNumber: z.string().nullable(),
  status: ReportCourseStatus,
  cancellationReason: ReportCancellationReason.nullable(),
  /** Confirmed (or completed) bookings holding a place on it; 0 for a cancelled course. */
  trainees: z.number().int(),
  /** Of them, present at all four half-days. */
  completed: z.number().int(),
  /** Of them, absent (or late and refused) at one half-day at least. */
  notCompleted: z.number().int(),
  facilitators: z.array(z.object({ role: FacilitatorRole, name: z.string() })),
});
export type AnnualReportCourse = z.infer<typeof AnnualReportCourse>;

export const AnnualReport = z.object({
  year: z.number().int(),
  /** When it was computed (ISO): the current year's report is partial. */
  generatedAt: z.string(),
  /** The year is not over yet (Paris), or one of its courses has not ended: its figures may still change. */
  provisional: z.boolean(),
  centre: z.object({
    organizationId: z.string(),
    name: z.string(),
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
    prefectApprovalReference: z.string().nullable(),
  }),
  courses: z.object({
    /** Every course the centre published whose first day (Paris) falls in the year, cancelled ones included. */
    declared: z.number().int(),
    held: z.number().int(),
    cancelled: z.number().int(),
    /** Not ended yet (the current year). */
    scheduled: z.number().int(),
    cancellationReasons: z.array(z.object({ reason: ReportCancellationReason, count: z.number().int() })),
  }),
  /** The trainees of the courses held: by case, and whether they completed the course. */
  trainees: z.object({
    total: z.number().int(),
    byCase: z.array(z.object({ case: ReportCase, count: z.number().int() })),
    completed: z.number().int(),
    notCompleted: z.number().int(),
    /** Attendance not (fully) recorded: no absence recorded, but not every half-day either. */
    notRecorded: z.number().int(),
  }),
  /** Who facilitated the courses held (as last named per course), with how many courses each; courses held with none named. */
  facilitators: z.array(z.object({ role: FacilitatorRole, name: z.string(), courses: z.number().int() })),
  coursesHeldWithoutFacilitators: z.number().int(),
  /** Every course of the year, by first day. */
  courseList: z.array(AnnualReportCourse),
});
export type AnnualReport = z.infer<typeof AnnualReport>;
