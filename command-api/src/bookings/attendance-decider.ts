import {
  attendanceOutcome, attendanceWindow, COURSE_HALF_DAYS, type AttendanceSheetRow, type BookingEvent, type CourseHalfDay, type Presence,
} from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveBooking, initialBookingState, type BookingState } from './booking';
import { BookingNotFound, BookingNotOnCourse } from './booking-errors';
import { AttendanceNeedsHeldBooking, AttendanceNotOpenYet, AttendanceWindowClosed, AttestationNotDue } from './attendance-errors';

/**
 * The centre (or an administrator) records a learner's presence at some of the course's half-days (issue 20 §1).
 * `course` is the course as it stands (its days decide the window); `by: 'admin'` may record at any time.
 */
export type RecordAttendance = {
  type: 'RecordAttendance';
  bookingId: string;
  course: { courseId: string; startDate: string; endDate: string };
  presences: Partial<Record<CourseHalfDay, Presence>>;
  by: 'centre' | 'admin';
  recordedBy: string;
  now: Date;
};
/** Send the attestation of a completed course to its learner (once), once the course has ended. */
export type SendAttestation = { type: 'SendAttestation'; bookingId: string; course: { courseId: string; endDate: string }; now: Date };
type AttendanceCommand = RecordAttendance | SendAttestation;

function heldOn(state: BookingState, courseId: string) {
  if (state.status === 'absent') throw new BookingNotFound();
  if (state.courseId !== courseId) throw new BookingNotOnCourse();
  return state;
}

/**
 * Records presences: only for a booking CONFIRMED or COMPLETED on that course; a centre only inside the course's
 * attendance window (first day 00:00 → end of the 15th day after the last, Paris), an administrator at any time.
 * The event carries the booking's whole row as it now stands; recording what is already recorded changes nothing.
 */
function recordAttendance(command: RecordAttendance, state: BookingState): BookingEvent[] {
  const booking = heldOn(state, command.course.courseId);
  if (booking.status !== 'CONFIRMED' && booking.status !== 'COMPLETED') throw new AttendanceNeedsHeldBooking(booking.status);
  if (command.by === 'centre') {
    const { opensAt, closesAt } = attendanceWindow(command.course);
    if (command.now < opensAt) throw new AttendanceNotOpenYet(opensAt.toISOString());
    if (command.now >= closesAt) throw new AttendanceWindowClosed(closesAt.toISOString());
  }
  const before: AttendanceSheetRow = booking.attendance ?? {};
  const row: AttendanceSheetRow = {};
  for (const halfDay of COURSE_HALF_DAYS) {
    const presence = command.presences[halfDay] ?? before[halfDay];
    if (presence) row[halfDay] = presence;
  }
  if (COURSE_HALF_DAYS.every((halfDay) => row[halfDay] === before[halfDay])) return [];
  return [{
    type: 'BookingAttendanceRecorded',
    data: { bookingId: booking.bookingId, courseId: booking.courseId, halfDays: row, by: command.by, recordedBy: command.recordedBy, recordedAt: command.now.toISOString() },
  }];
}

/** The attestation is sent once, to a learner present at all four half-days, once the course has ended. */
function sendAttestation(command: SendAttestation, state: BookingState): BookingEvent[] {
  const booking = heldOn(state, command.course.courseId);
  if (booking.attestationSent) return [];
  if (booking.status !== 'COMPLETED' && booking.status !== 'CONFIRMED') throw new AttestationNotDue('bookingNotHeld');
  if (command.now < new Date(command.course.endDate)) throw new AttestationNotDue('courseNotEnded');
  if (!booking.attendance || attendanceOutcome(booking.attendance) !== 'COMPLETED') throw new AttestationNotDue('notCompleted');
  return [{ type: 'BookingAttestationSent', data: { bookingId: booking.bookingId, courseId: booking.courseId, sentAt: command.now.toISOString() } }];
}

export function decideAttendance(command: AttendanceCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'RecordAttendance':
      return recordAttendance(command, state);
    case 'SendAttestation':
      return sendAttestation(command, state);
  }
}

/** The booking stream, as the attendance commands see it (the same state as the booking decider's). */
export const attendanceDecider: Decider<AttendanceCommand, BookingEvent, BookingState> = {
  initialState: initialBookingState,
  evolve: evolveBooking,
  decide: decideAttendance,
};
