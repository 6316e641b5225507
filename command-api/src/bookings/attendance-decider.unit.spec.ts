import { describe, it } from 'vitest';
import type { BookingEvent, CourseEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { courseDecider } from '../courses/course-decider';
import { CancelledCourseCannotChange, CourseNotFound } from '../courses/course-errors';
import { attendanceDecider, type RecordAttendance, type SendAttestation } from './attendance-decider';
import { AttendanceNeedsHeldBooking, AttendanceNotOpenYet, AttendanceWindowClosed, AttestationNotDue, FacilitatorRoleRepeated } from './attendance-errors';
import { BookingNotFound, BookingNotOnCourse } from './booking-errors';

const spec = specFor(attendanceDecider);
// Saturday 5 and Sunday 6 December 2026, 08:00 → 17:00 Paris.
const course = { courseId: 'c1', startDate: '2026-12-05T07:00:00.000Z', endDate: '2026-12-06T16:00:00.000Z' };
const at = (iso: string) => new Date(iso);
const duringCourse = at('2026-12-06T10:00:00.000Z');
const afterCourse = at('2026-12-10T09:00:00.000Z');

const placed: BookingEvent = { type: 'BookingPlaced', data: { bookingId: 'b1', bookingReference: 'RP-ABC234', courseId: 'c1', userId: 'u1', price: 22_000, currency: 'EUR', placedAt: '2026-11-21T09:00:00.000Z', holdExpiresAt: '2026-11-21T09:30:00.000Z' } };
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', by: 'payment', paymentId: 'p1', confirmedAt: '2026-11-21T09:05:00.000Z' } };
const cancelled: BookingEvent = { type: 'BookingCancelled', data: { bookingId: 'b1', by: 'learner', cancelledBy: 'u1', refundDue: true, cancelledAt: '2026-11-22T09:00:00.000Z' } };
const record = (presences: RecordAttendance['presences'], overrides: Partial<RecordAttendance> = {}): RecordAttendance => ({
  type: 'RecordAttendance', bookingId: 'b1', course, presences, by: 'centre', recordedBy: 'centre-user', now: afterCourse, ...overrides,
});
const recorded = (halfDays: Record<string, string>, by: 'centre' | 'admin' = 'centre', when = afterCourse, recordedBy = 'centre-user'): BookingEvent => ({
  type: 'BookingAttendanceRecorded', data: { bookingId: 'b1', courseId: 'c1', halfDays, by, recordedBy, recordedAt: when.toISOString() },
});
const allPresent = { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' } as const;
const send = (now = afterCourse): SendAttestation => ({ type: 'SendAttestation', bookingId: 'b1', course: { courseId: 'c1', endDate: course.endDate }, now });

describe('recording attendance', () => {
  it('records the half-days given on a confirmed booking, as the whole row', () =>
    spec([placed, confirmed]).when(record({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'ABSENT' })).then([recorded({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'ABSENT' })]));
  it('keeps what was recorded before and changes only the half-days given', () =>
    spec([placed, confirmed, recorded({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'ABSENT' })])
      .when(record({ DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'LATE_REFUSED' }))
      .then([recorded({ DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'LATE_REFUSED' })]));
  it('changes nothing when what is given is already recorded', () =>
    spec([placed, confirmed, recorded(allPresent)]).when(record({ DAY2_AFTERNOON: 'PRESENT' })).thenNothingHappens());
  it('records on a booking completed (the course over)', () =>
    spec([placed, confirmed, { type: 'BookingCompleted', data: { bookingId: 'b1', completedAt: course.endDate } } as BookingEvent]).when(record(allPresent)).then([recorded(allPresent)]));
  it('opens on the course’s first day, at midnight in Paris', () => {
    spec([placed, confirmed]).when(record(allPresent, { now: at('2026-12-04T22:59:59.000Z') })).thenThrows(AttendanceNotOpenYet);
    spec([placed, confirmed]).when(record({ DAY1_MORNING: 'PRESENT' }, { now: at('2026-12-04T23:00:00.000Z') })).then([recorded({ DAY1_MORNING: 'PRESENT' }, 'centre', at('2026-12-04T23:00:00.000Z'))]);
    spec([placed, confirmed]).when(record({ DAY1_MORNING: 'PRESENT' }, { now: duringCourse })).then([recorded({ DAY1_MORNING: 'PRESENT' }, 'centre', duringCourse)]);
  });
  it('closes for the centre at the end of the 15th day after the course (Paris)', () => {
    const lastMoment = at('2026-12-21T22:59:59.000Z');
    spec([placed, confirmed]).when(record(allPresent, { now: lastMoment })).then([recorded(allPresent, 'centre', lastMoment)]);
    spec([placed, confirmed]).when(record(allPresent, { now: at('2026-12-21T23:00:00.000Z') })).thenThrows(AttendanceWindowClosed);
  });
  it('lets an administrator record and correct at any time', () => {
    const late = at('2027-02-01T09:00:00.000Z');
    spec([placed, confirmed, recorded(allPresent)]).when(record({ DAY2_AFTERNOON: 'ABSENT' }, { by: 'admin', recordedBy: 'admin-1', now: late }))
      .then([recorded({ ...allPresent, DAY2_AFTERNOON: 'ABSENT' }, 'admin', late, 'admin-1')]);
    spec([placed, confirmed]).when(record(allPresent, { by: 'admin', recordedBy: 'admin-1', now: at('2026-12-01T09:00:00.000Z') }))
      .then([recorded(allPresent, 'admin', at('2026-12-01T09:00:00.000Z'), 'admin-1')]);
  });
  it('is refused for a booking that holds no place: pending, or cancelled', () => {
    spec([placed]).when(record(allPresent)).thenThrows(AttendanceNeedsHeldBooking);
    spec([placed, confirmed, cancelled]).when(record(allPresent)).thenThrows(AttendanceNeedsHeldBooking);
  });
  it('is refused for a booking of another course, and for none', () => {
    spec([placed, confirmed]).when(record(allPresent, { course: { ...course, courseId: 'c2' } })).thenThrows(BookingNotOnCourse);
    spec([]).when(record(allPresent)).thenThrows(BookingNotFound);
  });
});

describe('sending the attestation', () => {
  it('goes once the course has ended, to a learner present at the four half-days', () =>
    spec([placed, confirmed, recorded(allPresent)]).when(send()).then([{ type: 'BookingAttestationSent', data: { bookingId: 'b1', courseId: 'c1', sentAt: afterCourse.toISOString() } }]));
  it('goes once only', () =>
    spec([placed, confirmed, recorded(allPresent), { type: 'BookingAttestationSent', data: { bookingId: 'b1', courseId: 'c1', sentAt: afterCourse.toISOString() } }]).when(send()).thenNothingHappens());
  it('does not go before the course has ended', () => spec([placed, confirmed, recorded(allPresent, 'centre', duringCourse)]).when(send(duringCourse)).thenThrows(AttestationNotDue));
  it('does not go to a learner who missed a half-day, nor while attendance is not all recorded', () => {
    spec([placed, confirmed, recorded({ ...allPresent, DAY2_MORNING: 'ABSENT' })]).when(send()).thenThrows(AttestationNotDue);
    spec([placed, confirmed, recorded({ DAY1_MORNING: 'PRESENT' })]).when(send()).thenThrows(AttestationNotDue);
    spec([placed, confirmed]).when(send()).thenThrows(AttestationNotDue);
  });
  it('does not go for a cancelled booking', () => spec([placed, confirmed, recorded(allPresent), cancelled]).when(send()).thenThrows(AttestationNotDue));
});

describe('naming the facilitators', () => {
  const courseSpec = specFor(courseDecider);
  const scheduled: CourseEvent = {
    type: 'CourseScheduled',
    data: {
      courseId: 'c1', organizationId: 'o1', title: 'Toulon', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 avenue de la République', city: 'Toulon',
      postalCode: '83000', department: '83', startDate: course.startDate, endDate: course.endDate, price: 22_000, totalSpots: 10, antsNumber: null,
    },
  };
  const both = [{ role: 'ROAD_SAFETY_EXPERT' as const, name: 'Jean Martin' }, { role: 'PSYCHOLOGIST' as const, name: 'Claire Petit' }];
  const named: CourseEvent = { type: 'CourseFacilitatorsNamed', data: { courseId: 'c1', facilitators: both, namedBy: 'centre-user', namedAt: afterCourse.toISOString() } };
  const name = (facilitators = both) => ({ type: 'NameFacilitators' as const, courseId: 'c1', facilitators, namedBy: 'centre-user', now: afterCourse });

  it('names the road-safety expert and the psychologist', () => courseSpec([scheduled]).when(name()).then([named]));
  it('changes nothing when the same people are named again, in any order', () => courseSpec([scheduled, named]).when(name([both[1]!, both[0]!])).thenNothingHappens());
  it('replaces the names when one changes', () =>
    courseSpec([scheduled, named]).when(name([both[0]!, { role: 'PSYCHOLOGIST', name: 'Luc Bernard' }]))
      .then([{ type: 'CourseFacilitatorsNamed', data: { ...named.data, facilitators: [both[0]!, { role: 'PSYCHOLOGIST', name: 'Luc Bernard' }] } } as CourseEvent]));
  it('names each role once', () => courseSpec([scheduled]).when(name([both[0]!, { role: 'ROAD_SAFETY_EXPERT', name: 'Paul Durand' }])).thenThrows(FacilitatorRoleRepeated));
  it('is refused on a cancelled course, and on none', () => {
    courseSpec([scheduled, { type: 'CourseCancelled', data: { courseId: 'c1', reason: 'deletedByCentre' } } as CourseEvent]).when(name()).thenThrows(CancelledCourseCannotChange);
    courseSpec([]).when(name()).thenThrows(CourseNotFound);
  });
});
