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
/** A token from an e-mail that is unknown, superseded or already used for something else. */
export class TokenInvalid extends DomainError {
  constructor() {
    super('TOKEN_INVALID');
  }
}
export class TokenExpired extends DomainError {
  constructor() {
    super('TOKEN_EXPIRED');
  }
}
/** Changing one's password needs the current one. */
export class WrongPassword extends DomainError {
  constructor() {
    super('WRONG_PASSWORD');
  }
}
/** There is always at least one administrator: the last one can be neither deleted nor given another role. */
export class LastAdminCannotBeRemoved extends DomainError {
  constructor(readonly because: 'delete' | 'demote' = 'delete') {
    super(because === 'delete' ? 'LAST_ADMIN_CANNOT_BE_REMOVED' : 'LAST_ADMIN_ROLE_KEPT');
  }
}
/** A new password that is among the most used ones (ASVS 2.1.7), named by its field. */
export class PasswordTooCommon extends DomainError {
  constructor(field: string) {
    super('PASSWORD_TOO_COMMON', { field });
  }
}
