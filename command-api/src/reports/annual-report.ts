import { attendanceOutcome, parisCalendarDay, type AttendanceSheetRow, type Facilitator, type LearnerCase, type RecordedDomainEvent } from '@recup/shared-events';
import type { AnnualReport, AnnualReportCourse, ReportCancellationReason, ReportCase } from '../contracts/reports';

/**
 * The centre's annual report (issue 20 §4), folded from the log: a pure function of the events of the centre's
 * stream, of its courses' streams and of their bookings' streams (any other event is passed over), in global order.
 *
 * - A course belongs to the year of its first day, in Paris, as its last details say (a course moved keeps the
 *   year it was moved to). A course never published (its batch withdrawn, reason `batchWithdrawn`) was never
 *   declared: it is left out.
 * - HELD: scheduled, not cancelled, ended by `asOf`; CANCELLED, with its reason; SCHEDULED: not ended yet.
 * - A course's trainees: the bookings whose course it is now (placed there, or moved there last) and that are
 *   confirmed or completed. Their case: the last `BookingCaseDeclared`; their outcome: `attendanceOutcome` of the
 *   last `BookingAttendanceRecorded` (its row is the whole row as it then stood), "not recorded" when none says
 *   completed or missed.
 * - Facilitators: the last `CourseFacilitatorsNamed` of each course held, counted per person (role and name, the
 *   name compared without case or extra spaces).
 */
interface AnnualReportInput {
  organizationId: string;
  year: number;
  asOf: Date;
}

interface CourseFold {
  courseId: string;
  organizationId: string | null;
  startDate: string;
  endDate: string;
  address: string;
  postalCode: string;
  city: string;
  antsNumber: string | null;
  scheduled: boolean;
  cancelledReason: string | null;
  facilitators: Facilitator[];
}

interface BookingFold {
  courseId: string;
  status: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'CANCELLED' | 'EXPIRED' | 'DELETED';
  learnerCase: LearnerCase | null;
  attendance: AttendanceSheetRow | null;
}

interface CentreFold {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  prefectApprovalReference: string | null;
  courseIds: Set<string>;
}

const CASES: readonly ReportCase[] = ['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', 'PENAL_SETTLEMENT', 'NOT_DECLARED'];
const REASONS: readonly ReportCancellationReason[] = ['deletedByCentre', 'deletedByAdmin', 'organizationDeleted', 'other'];

export function annualReport(events: Iterable<RecordedDomainEvent>, input: AnnualReportInput): AnnualReport {
  const courses = new Map<string, CourseFold>();
  const bookings = new Map<string, BookingFold>();
  let centre = null as CentreFold | null;

  for (const event of events) {
    switch (event.type) {
      case 'OrganizationRegistered':
      case 'OrganizationProfileUpdated':
      case 'OrganizationIdentityChangeApproved': {
        if (event.data.organizationId !== input.organizationId) break;
        const { name, address, postalCode, city, prefectApprovalReference } = event.data;
        centre = { name, address, postalCode, city, prefectApprovalReference, courseIds: centre?.courseIds ?? new Set() };
        break;
      }
      case 'OrganizationCoursesAdded':
        if (event.data.organizationId === input.organizationId) for (const id of event.data.courseIds) centre?.courseIds.add(id);
        break;
      case 'CourseScheduled': {
        const { courseId, organizationId, startDate, endDate, address, postalCode, city, antsNumber } = event.data;
        courses.set(courseId, { courseId, organizationId, startDate, endDate, address, postalCode, city, antsNumber, scheduled: true, cancelledReason: null, facilitators: [] });
        break;
      }
      case 'CourseDetailsChanged': {
        const known = courses.get(event.data.courseId);
        if (!known) break;
        const { startDate, endDate, address, postalCode, city, antsNumber } = event.data;
        courses.set(known.courseId, { ...known, startDate, endDate, address, postalCode, city, antsNumber });
        break;
      }
      case 'CourseCancelled': {
        const known = courses.get(event.data.courseId);
        if (known) courses.set(known.courseId, { ...known, cancelledReason: event.data.reason });
        break;
      }
      case 'CourseFacilitatorsNamed': {
        const known = courses.get(event.data.courseId);
        if (known) courses.set(known.courseId, { ...known, facilitators: event.data.facilitators });
        break;
      }
      case 'BookingPlaced':
        bookings.set(event.data.bookingId, { courseId: event.data.courseId, status: 'PENDING', learnerCase: null, attendance: null });
        break;
      default:
        foldBooking(bookings, event);
    }
  }

  const year = String(input.year);
  const ofTheYear = [...courses.values()]
    .filter((course) => course.scheduled && course.cancelledReason !== 'batchWithdrawn')
    .filter((course) => course.organizationId === input.organizationId || centre?.courseIds.has(course.courseId))
    .filter((course) => parisCalendarDay(new Date(course.startDate)).startsWith(`${year}-`))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.courseId.localeCompare(b.courseId));

  const traineesOf = new Map<string, BookingFold[]>();
  for (const booking of bookings.values()) {
    if (booking.status !== 'CONFIRMED' && booking.status !== 'COMPLETED') continue;
    traineesOf.set(booking.courseId, [...(traineesOf.get(booking.courseId) ?? []), booking]);
  }

  const courseList: AnnualReportCourse[] = ofTheYear.map((course) => {
    const status = course.cancelledReason !== null ? 'CANCELLED' : Date.parse(course.endDate) <= input.asOf.getTime() ? 'HELD' : 'SCHEDULED';
    const trainees = status === 'CANCELLED' ? [] : (traineesOf.get(course.courseId) ?? []);
    const outcomes = trainees.map((booking) => (booking.attendance ? attendanceOutcome(booking.attendance) : 'PENDING'));
    return {
      courseId: course.courseId,
      startDate: course.startDate,
      endDate: course.endDate,
      address: course.address,
      postalCode: course.postalCode,
      city: course.city,
      antsNumber: course.antsNumber,
      status,
      cancellationReason: course.cancelledReason === null ? null : reasonOf(course.cancelledReason),
      trainees: trainees.length,
      completed: outcomes.filter((outcome) => outcome === 'COMPLETED').length,
      notCompleted: outcomes.filter((outcome) => outcome === 'NOT_COMPLETED').length,
      facilitators: course.facilitators.map(({ role, name }) => ({ role, name })),
    };
  });

  const held = courseList.filter((course) => course.status === 'HELD');
  const heldTrainees = held.flatMap((course) => traineesOf.get(course.courseId) ?? []);
  const cancelled = courseList.filter((course) => course.status === 'CANCELLED');

  const facilitators = new Map<string, { role: Facilitator['role']; name: string; courses: number }>();
  for (const course of held) {
    const counted = new Set<string>();
    for (const { role, name } of course.facilitators) {
      const key = `${role}:${name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr')}`;
      if (counted.has(key)) continue;
      counted.add(key);
      const known = facilitators.get(key);
      facilitators.set(key, known ? { ...known, courses: known.courses + 1 } : { role, name: name.trim().replace(/\s+/g, ' '), courses: 1 });
    }
  }

  const completed = held.reduce((sum, course) => sum + course.completed, 0);
  const notCompleted = held.reduce((sum, course) => sum + course.notCompleted, 0);
  return {
    year: input.year,
    generatedAt: input.asOf.toISOString(),
    provisional: Number(parisCalendarDay(input.asOf).slice(0, 4)) <= input.year || courseList.some((course) => course.status === 'SCHEDULED'),
    centre: {
      organizationId: input.organizationId,
      name: centre?.name ?? '',
      address: centre?.address ?? '',
      postalCode: centre?.postalCode ?? '',
      city: centre?.city ?? '',
      prefectApprovalReference: centre?.prefectApprovalReference ?? null,
    },
    courses: {
      declared: courseList.length,
      held: held.length,
      cancelled: cancelled.length,
      scheduled: courseList.length - held.length - cancelled.length,
      cancellationReasons: REASONS.map((reason) => ({ reason, count: cancelled.filter((course) => course.cancellationReason === reason).length })).filter(({ count }) => count > 0),
    },
    trainees: {
      total: heldTrainees.length,
      byCase: CASES.map((learnerCase) => ({ case: learnerCase, count: heldTrainees.filter((booking) => (booking.learnerCase ?? 'NOT_DECLARED') === learnerCase).length })),
      completed,
      notCompleted,
      notRecorded: heldTrainees.length - completed - notCompleted,
    },
    facilitators: [...facilitators.values()].sort((a, b) => a.role.localeCompare(b.role) || b.courses - a.courses || a.name.localeCompare(b.name, 'fr')),
    coursesHeldWithoutFacilitators: held.filter((course) => course.facilitators.length === 0).length,
    courseList,
  };
}

function reasonOf(reason: string): ReportCancellationReason {
  return (REASONS as readonly string[]).includes(reason) ? (reason as ReportCancellationReason) : 'other';
}

function foldBooking(bookings: Map<string, BookingFold>, event: RecordedDomainEvent) {
  const bookingId = (event.data as { bookingId?: unknown }).bookingId;
  if (typeof bookingId !== 'string' || !event.streamName.startsWith('booking-')) return;
  const known = bookings.get(bookingId);
  if (!known) return;
  const set = (change: Partial<BookingFold>) => bookings.set(bookingId, { ...known, ...change });
  switch (event.type) {
    case 'BookingConfirmed':
      if (known.status === 'PENDING') set({ status: 'CONFIRMED' });
      return;
    case 'BookingCompleted':
      return set({ status: 'COMPLETED' });
    case 'BookingCancelled':
      return set({ status: 'CANCELLED' });
    case 'BookingExpired':
      return set({ status: 'EXPIRED' });
    case 'BookingDeleted':
      return set({ status: 'DELETED' });
    case 'BookingMoved':
      return set({ courseId: event.data.toCourseId });
    case 'BookingCaseDeclared':
      return set({ learnerCase: event.data.learnerCase });
    case 'BookingAttendanceRecorded':
      return set({ attendance: event.data.halfDays });
    default:
  }
}
