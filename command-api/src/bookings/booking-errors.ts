import { DomainError } from '../core/domain-error';

export class BookingNotFound extends DomainError {
  constructor() {
    super('BOOKING_NOT_FOUND');
  }
}
export class BookingAlreadyExists extends DomainError {
  constructor() {
    super('BOOKING_ALREADY_EXISTS');
  }
}
/** Only a PENDING booking is paid for or confirmed. */
export class BookingNotPending extends DomainError {
  constructor(status: string) {
    super('BOOKING_NOT_PENDING', { status });
  }
}
