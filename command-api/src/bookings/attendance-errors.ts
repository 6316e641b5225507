import { DomainError } from '../core/domain-error';

/** Attendance is recorded only for a learner who holds a place on the course: a booking CONFIRMED, or COMPLETED once it ended. */
export class AttendanceNeedsHeldBooking extends DomainError {
  constructor(status: string) {
    super('ATTENDANCE_NEEDS_HELD_BOOKING', { status });
  }
}
/** A centre records attendance from the course's first day until 15 days after its end; an administrator at any time. */
export class AttendanceNotOpenYet extends DomainError {
  constructor(opensAt: string) {
    super('ATTENDANCE_NOT_OPEN_YET', { opensAt });
  }
}
export class AttendanceWindowClosed extends DomainError {
  constructor(closedAt: string) {
    super('ATTENDANCE_WINDOW_CLOSED', { closedAt });
  }
}
/** The attestation goes to a learner who completed the course (present at its four half-days), once it has ended. */
export class AttestationNotDue extends DomainError {
  constructor(reason: string) {
    super('ATTESTATION_NOT_DUE', { reason });
  }
}
/** A course has one road-safety expert and one psychologist: each role is named once. */
export class FacilitatorRoleRepeated extends DomainError {
  constructor(role: string) {
    super('FACILITATOR_ROLE_REPEATED', { role });
  }
}
