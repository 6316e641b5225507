import { DomainError } from '../core/domain-error';

/** The prefecture's pack is made once the course has ended (its attendance sheet and attestations say who came). */
export class PrefecturePackNotDue extends DomainError {
  constructor(endDate: string) {
    super('PREFECTURE_PACK_NOT_DUE', { endDate });
  }
}
/** A cancelled course was not held: it has no pack to send. */
export class CancelledCourseHasNoPack extends DomainError {
  constructor() {
    super('CANCELLED_COURSE_HAS_NO_PACK');
  }
}
