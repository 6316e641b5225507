import { DomainError } from '../core/domain-error';

export class PaymentNotFound extends DomainError {
  constructor() {
    super('PAYMENT_NOT_FOUND');
  }
}
export class PaymentAlreadyExists extends DomainError {
  constructor() {
    super('PAYMENT_ALREADY_EXISTS');
  }
}
/** The amount paid must equal the booking's price. */
export class PaymentAmountMismatch extends DomainError {
  constructor(expected: number, actual: number) {
    super('PAYMENT_AMOUNT_MISMATCH', { expected, actual });
  }
}
/** The provider's intent is not the one this payment was made with. */
export class PaymentIntentMismatch extends DomainError {
  constructor() {
    super('PAYMENT_INTENT_MISMATCH');
  }
}
/** The provider refused the card; its codes choose our message, its own words are never shown. */
export class PaymentDeclined extends DomainError {
  constructor(providerCode: string, declineCode: string | null = null) {
    super('PAYMENT_DECLINED', declineCode ? { providerCode, declineCode } : { providerCode });
  }
}
export class PaymentNotCompleted extends DomainError {
  constructor(providerStatus: string) {
    super('PAYMENT_NOT_COMPLETED', { providerStatus });
  }
}
/** Only a SUCCEEDED payment is refunded. */
export class PaymentNotRefundable extends DomainError {
  constructor(status: string) {
    super('PAYMENT_NOT_REFUNDABLE', { status });
  }
}
/** Money taken is never cancelled, only refunded. */
export class PaymentNotCancellable extends DomainError {
  constructor(status: string) {
    super('PAYMENT_NOT_CANCELLABLE', { status });
  }
}
/** A payment is refunded once: an administrator's second refund is refused. */
export class PaymentAlreadyRefunded extends DomainError {
  constructor() {
    super('PAYMENT_ALREADY_REFUNDED');
  }
}
/** The refund was asked for and the provider has not carried it out yet: the refund keeper tries again. */
export class RefundAlreadyRequested extends DomainError {
  constructor() {
    super('REFUND_ALREADY_REQUESTED');
  }
}
/** A part given back is never more than the payment still holds. */
export class PartialRefundTooLarge extends DomainError {
  constructor(left: number, asked: number) {
    super('PARTIAL_REFUND_TOO_LARGE', { left, asked });
  }
}
