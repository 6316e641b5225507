import { DomainError } from '../core/domain-error';

export class UserNotFound extends DomainError {
  constructor() {
    super('USER_NOT_FOUND');
  }
}
export class UserAlreadyExists extends DomainError {
  constructor() {
    super('USER_ALREADY_EXISTS');
  }
}
/** E-mail addresses are unique: the address is held by another account. */
export class EmailAlreadyRegistered extends DomainError {
  constructor() {
    super('EMAIL_ALREADY_REGISTERED');
  }
}
