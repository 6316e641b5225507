import { DomainError } from '../core/domain-error';

export class OrganizationNotFound extends DomainError {
  constructor() {
    super('ORGANIZATION_NOT_FOUND');
  }
}
export class OrganizationAlreadyExists extends DomainError {
  constructor() {
    super('ORGANIZATION_ALREADY_EXISTS');
  }
}
/** An ORGANIZATION account that has not registered its centre yet (`/organization/profile`). */
export class OrganizationNotRegistered extends DomainError {
  constructor() {
    super('ORGANIZATION_NOT_REGISTERED');
  }
}
/** An account runs one centre at most. */
export class OrganizationManagerTaken extends DomainError {
  constructor() {
    super('ORGANIZATION_MANAGER_TAKEN', { field: 'ownerUserId' });
  }
}
/** Only an ORGANIZATION account can run a centre. */
export class ManagerNotAnOrganizationAccount extends DomainError {
  constructor() {
    super('MANAGER_NOT_ORGANIZATION_ACCOUNT', { field: 'ownerUserId' });
  }
}
export class OrganizationFieldRequired extends DomainError {
  constructor(field: string) {
    super('ORGANIZATION_FIELD_REQUIRED', { field });
  }
}
export class OrganizationFieldTooShort extends DomainError {
  constructor(field: string, min: number) {
    super('ORGANIZATION_FIELD_TOO_SHORT', { field, min });
  }
}
export class InvalidOrganizationEmail extends DomainError {
  constructor() {
    super('EMAIL_INVALID', { field: 'email' });
  }
}
export class InvalidWebsite extends DomainError {
  constructor() {
    super('WEBSITE_INVALID', { field: 'website' });
  }
}
/** Spec 001 §5: an administrator creating a centre must give the prefect's approval reference. */
export class PrefectApprovalRequired extends DomainError {
  constructor() {
    super('PREFECT_APPROVAL_REQUIRED', { field: 'prefectApprovalReference' });
  }
}
export class InvalidOrganizationPostalCode extends DomainError {
  constructor() {
    super('POSTAL_CODE_INVALID', { field: 'postalCode' });
  }
}
/** An administrator decides only on the change of identity the centre is waiting for (not one replaced, withdrawn or decided). */
export class IdentityChangeNotPending extends DomainError {
  constructor() {
    super('IDENTITY_CHANGE_NOT_PENDING', { field: 'requestId' });
  }
}
/** Issue 20 §7: a centre whose prefectoral approval has ended publishes no course until new dates are recorded. */
export class ApprovalExpired extends DomainError {
  constructor(approvalExpiresOn: string) {
    super('APPROVAL_EXPIRED', { approvalExpiresOn });
  }
}
/** The approval's dates an administrator enters: an end not before the grant, and no end without a grant. */
export class InvalidApprovalDates extends DomainError {
  constructor(reason: 'APPROVAL_EXPIRY_BEFORE_GRANT' | 'APPROVAL_EXPIRY_WITHOUT_GRANT', field: string) {
    super('INVALID_APPROVAL_DATES', { reason, field });
  }
}
/** The approval notice is sent 60 days before the approval ends, and not once it has ended. */
export class ApprovalNoticeNotDue extends DomainError {
  constructor(reason: 'NOT_DUE' | 'ALREADY_ENDED' | 'NO_DATES') {
    super('APPROVAL_NOTICE_NOT_DUE', { reason });
  }
}
