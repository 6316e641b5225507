import { describe, expect, it } from 'vitest';
import type { AttendanceSheetRow, DomainEvent, Facilitator, LearnerCase, RecordedDomainEvent } from '@recup/shared-events';
import { annualReport } from './annual-report';

const ORG = 'org-1';
const ALL_PRESENT: AttendanceSheetRow = { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' };

/** A little log, in global order, written as the centre, its courses and their bookings would write it. */
class Log {
  readonly events: RecordedDomainEvent[] = [];
  private readonly revisions = new Map<string, number>();

  append(streamName: string, event: DomainEvent) {
    const revision = (this.revisions.get(streamName) ?? -1) + 1;
    this.revisions.set(streamName, revision);
    this.events.push({
      id: `${streamName}@${revision}`, streamName, revision, position: this.events.length + 1, type: event.type, data: event.data,
      metadata: { actor: { type: 'system', name: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
      recordedAt: '2026-01-01T00:00:00.000Z',
    } as RecordedDomainEvent);
    return this;
  }

  centre(organizationId = ORG, name = 'Centre Azur') {
    return this.append(`organization-${organizationId}`, {
      type: 'OrganizationRegistered',
      data: {
        organizationId, ownerUserId: null, registeredAt: '2024-01-01T00:00:00.000Z', name, address: '1 rue du Port', city: 'Toulon', postalCode: '83000',
        email: 'c@example.test', phoneNumber: '0494000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: 'R 24 083 0001 0',
      },
    });
  }

  course(courseId: string, startDate: string, endDate: string, organizationId = ORG) {
    this.append(`organization-${organizationId}`, { type: 'OrganizationCoursesAdded', data: { organizationId, courseIds: [courseId], batchId: null } });
    return this.append(`course-${courseId}`, {
      type: 'CourseScheduled',
      data: {
        courseId, organizationId, title: 'Stage', titleEn: null, description: '', descriptionEn: null, address: '1 rue du Port', city: 'Toulon', postalCode: '83000', department: '83',
        startDate, endDate, price: 23000, totalSpots: 20, antsNumber: `ANTS-${courseId}`,
      },
    });
  }

  cancel(courseId: string, reason: string) {
    return this.append(`course-${courseId}`, { type: 'CourseCancelled', data: { courseId, reason } });
  }

  facilitators(courseId: string, facilitators: Facilitator[]) {
    return this.append(`course-${courseId}`, { type: 'CourseFacilitatorsNamed', data: { courseId, facilitators, namedBy: 'u', namedAt: '2026-01-01T00:00:00.000Z' } });
  }

  booking(bookingId: string, courseId: string, options: { confirmed?: boolean; learnerCase?: LearnerCase; attendance?: AttendanceSheetRow } = {}) {
    const stream = `booking-${bookingId}`;
    this.append(`course-${courseId}`, { type: 'SpotReserved', data: { courseId, bookingId, userId: `user-${bookingId}`, reservedAt: '2026-01-01T00:00:00.000Z' } });
    this.append(stream, {
      type: 'BookingPlaced',
      data: { bookingId, bookingReference: `REF-${bookingId}`, courseId, userId: `user-${bookingId}`, price: 23000, currency: 'EUR', placedAt: '2026-01-01T00:00:00.000Z', holdExpiresAt: '2026-01-01T00:30:00.000Z' },
    });
    if (options.confirmed !== false) this.append(stream, { type: 'BookingConfirmed', data: { bookingId, by: 'centre', approvedBy: 'u', confirmedAt: '2026-01-01T00:00:00.000Z' } });
    if (options.learnerCase) this.case(bookingId, options.learnerCase);
    if (options.attendance) this.attendance(bookingId, courseId, options.attendance);
    return this;
  }

  case(bookingId: string, learnerCase: LearnerCase) {
    return this.append(`booking-${bookingId}`, {
      type: 'BookingCaseDeclared',
      data: { bookingId, learnerCase, letterReceivedOn: learnerCase === 'PROBATION_48N' ? '2025-12-01' : null, declaredBy: 'u', declaredAt: '2026-01-01T00:00:00.000Z' },
    });
  }

  attendance(bookingId: string, courseId: string, halfDays: AttendanceSheetRow) {
    return this.append(`booking-${bookingId}`, {
      type: 'BookingAttendanceRecorded', data: { bookingId, courseId, halfDays, by: 'centre', recordedBy: 'u', recordedAt: '2026-01-01T00:00:00.000Z' },
    });
  }
}

const AS_OF = new Date('2027-01-10T09:00:00.000Z');
const report = (log: Log, year = 2026, asOf = AS_OF, organizationId = ORG) => annualReport(log.events, { organizationId, year, asOf });

describe('the annual report of a centre', () => {
  it('names the centre and its approval as they now stand', () => {
    const log = new Log().centre();
    log.append(`organization-${ORG}`, {
      type: 'OrganizationIdentityChangeApproved',
      data: { organizationId: ORG, requestId: 'r', approvedAt: '2026-06-01T00:00:00.000Z', name: 'Centre Azur Sud', address: '2 quai', city: 'Hyères', postalCode: '83400', prefectApprovalReference: 'R 26 083 0002 0' },
    });
    expect(report(log).centre).toMatchObject({ name: 'Centre Azur Sud', city: 'Hyères', prefectApprovalReference: 'R 26 083 0002 0' });
  });

  describe('courses declared, held and cancelled', () => {
    it('counts a course held once it has ended, cancelled ones by reason, and those not ended yet apart', () => {
      const log = new Log().centre()
        .course('held', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z')
        .course('by-centre', '2026-04-10T06:00:00.000Z', '2026-04-11T15:00:00.000Z').cancel('by-centre', 'deletedByCentre')
        .course('by-admin', '2026-05-15T06:00:00.000Z', '2026-05-16T15:00:00.000Z').cancel('by-admin', 'deletedByAdmin')
        .course('old-text', '2026-06-12T06:00:00.000Z', '2026-06-13T15:00:00.000Z').cancel('old-text', 'Salle indisponible')
        .course('later', '2026-12-18T07:00:00.000Z', '2026-12-19T16:00:00.000Z');
      const result = report(log, 2026, new Date('2026-12-01T00:00:00.000Z'));
      expect(result.courses).toEqual({
        declared: 5, held: 1, cancelled: 3, scheduled: 1,
        cancellationReasons: [{ reason: 'deletedByCentre', count: 1 }, { reason: 'deletedByAdmin', count: 1 }, { reason: 'other', count: 1 }],
      });
      expect(result.courseList.map((course) => [course.courseId, course.status, course.cancellationReason])).toEqual([
        ['held', 'HELD', null], ['by-centre', 'CANCELLED', 'deletedByCentre'], ['by-admin', 'CANCELLED', 'deletedByAdmin'], ['old-text', 'CANCELLED', 'other'], ['later', 'SCHEDULED', null],
      ]);
    });

    it('leaves out a course never published (its batch withdrawn) and the courses of other centres', () => {
      const log = new Log().centre().centre('org-2', 'Autre centre')
        .course('withdrawn', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z').cancel('withdrawn', 'batchWithdrawn')
        .course('theirs', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z', 'org-2');
      expect(report(log).courses.declared).toBe(0);
      expect(report(log, 2026, AS_OF, 'org-2').courseList.map((course) => course.courseId)).toEqual(['theirs']);
    });

    it('places a course in the year of its first day in Paris, as its last details say', () => {
      const log = new Log().centre()
        // 31 December 2026 23:30 UTC is already 1 January 2027 in Paris.
        .course('new-year', '2026-12-31T23:30:00.000Z', '2027-01-02T16:00:00.000Z')
        // 1 January 2026 00:30 in Paris is still 31 December 2025 23:30 UTC.
        .course('first-day', '2025-12-31T23:30:00.000Z', '2026-01-02T16:00:00.000Z')
        // Starts on 31 December, ends in the next year: it belongs to the year it starts in.
        .course('straddles', '2026-12-31T07:00:00.000Z', '2027-01-02T16:00:00.000Z')
        .course('moved', '2026-11-06T07:00:00.000Z', '2026-11-07T16:00:00.000Z');
      log.append('course-moved', {
        type: 'CourseDetailsChanged',
        data: {
          courseId: 'moved', title: 'Stage', titleEn: null, description: '', descriptionEn: null, address: '1 rue du Port', city: 'Toulon', postalCode: '83000', department: '83',
          startDate: '2027-01-08T07:00:00.000Z', endDate: '2027-01-09T16:00:00.000Z', price: 23000, totalSpots: 20, antsNumber: null,
        },
      });
      expect(report(log, 2026).courseList.map((course) => course.courseId)).toEqual(['first-day', 'straddles']);
      expect(report(log, 2027).courseList.map((course) => course.courseId)).toEqual(['new-year', 'moved']);
      expect(report(log, 2025).courseList).toEqual([]);
    });

    it('holds a course that ends at the very moment it is asked, not one second before', () => {
      const log = new Log().centre().course('c', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z');
      expect(report(log, 2026, new Date('2026-03-07T15:59:59.000Z')).courseList[0]!.status).toBe('SCHEDULED');
      expect(report(log, 2026, new Date('2026-03-07T16:00:00.000Z')).courseList[0]!.status).toBe('HELD');
    });
  });

  describe('the trainees of the courses held', () => {
    const log = () => new Log().centre()
      .course('c1', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z')
      .course('c2', '2026-09-11T06:00:00.000Z', '2026-09-12T15:00:00.000Z');

    it('counts them by case, the undeclared apart, and only those confirmed or completed', () => {
      const l = log()
        .booking('b1', 'c1', { learnerCase: 'VOLUNTARY' })
        .booking('b2', 'c1', { learnerCase: 'PROBATION_48N' })
        .booking('b3', 'c1', { learnerCase: 'COURT_ORDER' })
        .booking('b4', 'c2', { learnerCase: 'PENAL_SETTLEMENT' })
        .booking('b5', 'c2')
        .booking('b6', 'c2', { learnerCase: 'VOLUNTARY' })
        .booking('pending', 'c2', { confirmed: false, learnerCase: 'VOLUNTARY' })
        .booking('expired', 'c2', { confirmed: false });
      l.append('booking-expired', { type: 'BookingExpired', data: { bookingId: 'expired', expiredAt: '2026-01-01T00:30:00.000Z' } });
      l.append('booking-b6', { type: 'BookingCancelled', data: { bookingId: 'b6', by: 'learner', cancelledBy: 'user-b6', refundDue: true, cancelledAt: '2026-02-01T00:00:00.000Z' } });
      // The last declaration holds.
      l.case('b5', 'VOLUNTARY').case('b5', 'COURT_ORDER');
      l.booking('b7', 'c2');
      const { trainees, courseList } = report(l);
      expect(trainees.total).toBe(6);
      expect(trainees.byCase).toEqual([
        { case: 'VOLUNTARY', count: 1 }, { case: 'PROBATION_48N', count: 1 }, { case: 'COURT_ORDER', count: 2 }, { case: 'PENAL_SETTLEMENT', count: 1 }, { case: 'NOT_DECLARED', count: 1 },
      ]);
      expect(courseList.map((course) => course.trainees)).toEqual([3, 3]);
    });

    it('counts completions and absences from the last row recorded per booking, the unrecorded apart', () => {
      const l = log()
        .booking('all-there', 'c1', { attendance: ALL_PRESENT })
        .booking('absent', 'c1', { attendance: { ...ALL_PRESENT, DAY2_AFTERNOON: 'ABSENT' } })
        .booking('late', 'c1', { attendance: { ...ALL_PRESENT, DAY1_MORNING: 'LATE_REFUSED' } })
        .booking('half-recorded', 'c1', { attendance: { DAY1_MORNING: 'PRESENT' } })
        .booking('nothing', 'c1')
        .booking('corrected', 'c2', { attendance: { ...ALL_PRESENT, DAY1_AFTERNOON: 'ABSENT' } });
      l.attendance('corrected', 'c2', ALL_PRESENT);
      const { trainees, courseList } = report(l);
      expect(trainees).toMatchObject({ total: 6, completed: 2, notCompleted: 2, notRecorded: 2 });
      expect(courseList.map(({ courseId, trainees: count, completed, notCompleted }) => ({ courseId, count, completed, notCompleted }))).toEqual([
        { courseId: 'c1', count: 5, completed: 1, notCompleted: 2 },
        { courseId: 'c2', count: 1, completed: 1, notCompleted: 0 },
      ]);
    });

    it('counts a moved booking on the course it moved to, and none on a cancelled course', () => {
      const l = log().course('c3', '2026-10-09T06:00:00.000Z', '2026-10-10T15:00:00.000Z')
        .booking('mover', 'c1', { learnerCase: 'VOLUNTARY' })
        .booking('stayer', 'c3');
      l.append('booking-mover', {
        type: 'BookingMoved',
        data: { bookingId: 'mover', fromCourseId: 'c1', toCourseId: 'c2', by: 'learner', movedBy: 'user-mover', movedAt: '2026-02-01T00:00:00.000Z', priceBefore: 23000, priceAfter: 23000 },
      });
      l.cancel('c3', 'deletedByCentre');
      const { trainees, courseList } = report(l);
      expect(courseList.map((course) => [course.courseId, course.trainees])).toEqual([['c1', 0], ['c2', 1], ['c3', 0]]);
      expect(trainees.total).toBe(1);
    });

    it('leaves the trainees of a course not ended yet out of the year’s figures, but lists them on the course', () => {
      const l = log().course('later', '2026-12-18T07:00:00.000Z', '2026-12-19T16:00:00.000Z').booking('b', 'later', { learnerCase: 'VOLUNTARY' });
      const result = report(l, 2026, new Date('2026-12-01T00:00:00.000Z'));
      expect(result.trainees.total).toBe(0);
      expect(result.courseList.find((course) => course.courseId === 'later')).toMatchObject({ status: 'SCHEDULED', trainees: 1 });
    });
  });

  describe('facilitators', () => {
    it('lists each person with the number of courses held they facilitated, as last named per course', () => {
      const expert = (name: string): Facilitator => ({ role: 'ROAD_SAFETY_EXPERT', name });
      const psychologist = (name: string): Facilitator => ({ role: 'PSYCHOLOGIST', name });
      const log = new Log().centre()
        .course('c1', '2026-03-06T07:00:00.000Z', '2026-03-07T16:00:00.000Z').facilitators('c1', [expert('Paul Martin'), psychologist('Anne Roux')])
        .course('c2', '2026-04-10T06:00:00.000Z', '2026-04-11T15:00:00.000Z').facilitators('c2', [expert('Jean Dupuis'), psychologist('Anne Roux')])
        .facilitators('c2', [expert('paul  martin'), psychologist('Anne Roux')])
        .course('c3', '2026-05-15T06:00:00.000Z', '2026-05-16T15:00:00.000Z')
        .course('cancelled', '2026-06-12T06:00:00.000Z', '2026-06-13T15:00:00.000Z').facilitators('cancelled', [expert('Luc Blanc')]).cancel('cancelled', 'deletedByCentre');
      const result = report(log);
      expect(result.facilitators).toEqual([
        { role: 'PSYCHOLOGIST', name: 'Anne Roux', courses: 2 },
        { role: 'ROAD_SAFETY_EXPERT', name: 'Paul Martin', courses: 2 },
      ]);
      expect(result.coursesHeldWithoutFacilitators).toBe(1);
    });
  });

  it('answers an empty report for a year with no course', () => {
    const result = report(new Log().centre(), 2019);
    expect(result).toMatchObject({ year: 2019, courses: { declared: 0, held: 0, cancelled: 0, scheduled: 0, cancellationReasons: [] }, trainees: { total: 0 }, facilitators: [], courseList: [] });
  });
});
