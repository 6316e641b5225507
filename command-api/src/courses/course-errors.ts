import { DomainError } from '../core/domain-error';

export class CourseNotFound extends DomainError {
  constructor() {
    super('COURSE_NOT_FOUND');
  }
}
export class CourseAlreadyExists extends DomainError {
  constructor() {
    super('COURSE_ALREADY_EXISTS');
  }
}
export class CourseCancelled extends DomainError {
  constructor() {
    super('COURSE_CANCELLED');
  }
}
export class CourseAlreadyStarted extends DomainError {
  constructor() {
    super('COURSE_ALREADY_STARTED');
  }
}
export class NoSpotsLeft extends DomainError {
  constructor() {
    super('NO_SPOTS_LEFT');
  }
}
/** One active booking per learner per course. */
export class AlreadyBooked extends DomainError {
  constructor() {
    super('ALREADY_BOOKED');
  }
}
export class OrganizationNotVerified extends DomainError {
  constructor() {
    super('ORGANIZATION_NOT_VERIFIED');
  }
}
export class InvalidCourseSchedule extends DomainError {
  constructor(reason: 'END_BEFORE_START' | 'START_IN_PAST') {
    super('INVALID_COURSE_SCHEDULE', { reason });
  }
}
/** A course cancelled before it was ever scheduled (its centre deleted, its batch withdrawn) stays so. */
export class CourseWithdrawn extends DomainError {
  constructor() {
    super('COURSE_WITHDRAWN');
  }
}
/** Spec 001 §4: a CANCELLED course cannot be edited or deleted. */
export class CancelledCourseCannotChange extends DomainError {
  constructor() {
    super('CANCELLED_COURSE_CANNOT_CHANGE');
  }
}
/** Its learners are in the room (or were): a course that has started is history. */
export class StartedCourseCannotChange extends DomainError {
  constructor() {
    super('STARTED_COURSE_CANNOT_CHANGE');
  }
}
/**
 * Only a verified centre sells: the course of a centre whose verification was withdrawn (or never given) takes no
 * booking, and no payment starts for a booking of it made before (`stage: 'payment'`).
 */
export class SellerNotVerified extends DomainError {
  constructor(stage: 'booking' | 'payment' = 'booking') {
    super('SELLER_NOT_VERIFIED', { stage });
  }
}
/** A course that starts within the 14 days of the withdrawal period takes a booking only at the learner's express request. */
export class EarlyStartNotRequested extends DomainError {
  constructor() {
    super('EARLY_START_NOT_REQUESTED');
  }
}
/** The waiting list is for a full course: with a place free, the learner books it. */
export class SpotsAvailable extends DomainError {
  constructor() {
    super('SPOTS_AVAILABLE');
  }
}
/** One place in line per learner. */
export class AlreadyWaiting extends DomainError {
  constructor() {
    super('ALREADY_WAITING');
  }
}
/** From 49 hours before the start no place can be offered any more: the waiting list takes nobody. */
export class WaitingListClosed extends DomainError {
  constructor() {
    super('WAITING_LIST_CLOSED');
  }
}
export class NotOnWaitingList extends DomainError {
  constructor() {
    super('NOT_ON_WAITING_LIST');
  }
}
/** The place held for the learner was theirs until its end; after that it goes to the next in line. */
export class SpotOfferLapsed extends DomainError {
  constructor() {
    super('SPOT_OFFER_EXPIRED');
  }
}
