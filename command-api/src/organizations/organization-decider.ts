import {
  approvalDates, approvalExpired, approvalNoticeRefusal, checkOrganization, identityOf, type CentreNotifications, sameIdentity, type OrganizationEvent, type OrganizationForm, type OrganizationInput, type OrganizationIssue, type OrganizationProfile,
} from '@recup/shared-events';
import type { Decider } from '../core/decider';
import type { DomainError } from '../core/domain-error';
import { OrganizationNotVerified } from '../courses/course-errors';
import { evolveOrganization, initialOrganizationState, type ExistingOrganization, type OrganizationState } from './organization';
import {
  ApprovalExpired, ApprovalNoticeNotDue, IdentityChangeNotPending, InvalidApprovalDates, InvalidOrganizationEmail, InvalidOrganizationPostalCode, InvalidWebsite, OrganizationAlreadyExists, OrganizationFieldRequired,
  OrganizationFieldTooShort, OrganizationNotFound, PrefectApprovalRequired,
} from './organization-errors';

/**
 * `form` says whose form the details come from — the centre's own profile or an administrator's — and so
 * which rules of spec 001 §5 apply; without it (demo data) they are recorded as given.
 */
type RegisterOrganization = {
  type: 'RegisterOrganization';
  organizationId: string;
  ownerUserId: string | null;
  profile: OrganizationProfile | OrganizationInput;
  form?: OrganizationForm;
  now: Date;
};
/**
 * `admin`: an administrator's edit, applied as given. `centre`: the centre's own form; a verified centre's
 * change of identity (name, address, approval) becomes a request (`requestId`) that waits for an administrator.
 */
type UpdateOrganizationProfile =
  | { type: 'UpdateOrganizationProfile'; profile: OrganizationInput; form: 'admin' }
  | { type: 'UpdateOrganizationProfile'; profile: OrganizationInput; form: 'centre'; requestId: string; now: Date };
type ApproveIdentityChange = { type: 'ApproveIdentityChange'; requestId: string; now: Date };
type RejectIdentityChange = { type: 'RejectIdentityChange'; requestId: string; now: Date };
type VerifyOrganization = { type: 'VerifyOrganization'; organizationId: string; now: Date };
type UnverifyOrganization = { type: 'UnverifyOrganization'; now: Date };
type ChangeOrganizationOwner = { type: 'ChangeOrganizationOwner'; ownerUserId: string | null };
/**
 * The centre announces the courses it is about to schedule: only a verified centre may, and (given `now`) only
 * while its approval has not ended.
 */
type AddOrganizationCourses = { type: 'AddOrganizationCourses'; courseIds: string[]; batchId: string | null; now?: Date };
/** An administrator records the approval's dates: its end, left out, is 5 years less a day after its grant. */
type RecordApprovalDates = { type: 'RecordApprovalDates'; approvalGrantedOn: string | null; approvalExpiresOn?: string | null; now: Date };
/** The centre chooses which e-mails it receives. */
type ChangeNotifications = { type: 'ChangeNotifications'; notifications: CentreNotifications };
/** The approval ends in 60 days: the centre is told, once per end date. */
type NoticeApprovalExpiry = { type: 'NoticeApprovalExpiry'; now: Date };
type DeleteOrganization = { type: 'DeleteOrganization'; deletedBy: string; now: Date };
type OrganizationCommand =
  | RegisterOrganization | UpdateOrganizationProfile | ApproveIdentityChange | RejectIdentityChange | VerifyOrganization | UnverifyOrganization | ChangeOrganizationOwner
  | AddOrganizationCourses | DeleteOrganization | RecordApprovalDates | ChangeNotifications | NoticeApprovalExpiry;

function organizationRuleError(issue: OrganizationIssue): DomainError {
  switch (issue.code) {
    case 'ORGANIZATION_FIELD_REQUIRED':
      return new OrganizationFieldRequired(issue.field);
    case 'ORGANIZATION_FIELD_TOO_SHORT':
      return new OrganizationFieldTooShort(issue.field, issue.min);
    case 'POSTAL_CODE_INVALID':
      return new InvalidOrganizationPostalCode();
    case 'EMAIL_INVALID':
      return new InvalidOrganizationEmail();
    case 'WEBSITE_INVALID':
      return new InvalidWebsite();
    case 'PREFECT_APPROVAL_REQUIRED':
      return new PrefectApprovalRequired();
    default: {
      const unknown: never = issue;
      throw new Error(`Unknown organization issue ${JSON.stringify(unknown)}`);
    }
  }
}

function checked(input: OrganizationInput, form: OrganizationForm): OrganizationProfile {
  const result = checkOrganization(input, form);
  if (!result.ok) throw organizationRuleError(result.issues[0]!);
  return result.profile;
}

/** A deleted centre is gone: every command but a registration finds nothing. */
function live(state: OrganizationState): ExistingOrganization {
  if (state.status !== 'registered') throw new OrganizationNotFound();
  return state;
}

function sameProfile(a: OrganizationProfile, b: OrganizationProfile) {
  return (Object.keys(a) as (keyof OrganizationProfile)[]).every((key) => a[key] === b[key]);
}

/** The request an administrator decides on must be the one pending: not one replaced, withdrawn or already decided. */
function pendingRequest(organization: ExistingOrganization, requestId: string) {
  const pending = organization.pendingIdentityChange;
  if (!pending || pending.requestId !== requestId) throw new IdentityChangeNotPending();
  return pending;
}

/**
 * The centre's own form. An unverified centre's details apply as given (any request it left pending goes:
 * what it saves is what it wants). A verified centre's contact details and descriptions apply at once; its
 * identity stays as it is until an administrator approves the change, asked for by a request that replaces
 * any pending one; saving its current identity again withdraws the pending request.
 */
function updateOwnProfile(organization: ExistingOrganization, profile: OrganizationProfile, requestId: string, now: Date): OrganizationEvent[] {
  const { organizationId } = organization;
  const pending = organization.pendingIdentityChange;
  const withdrawn: OrganizationEvent[] = pending ? [{ type: 'OrganizationIdentityChangeWithdrawn', data: { organizationId, requestId: pending.requestId, withdrawnAt: now.toISOString() } }] : [];
  if (!organization.verified) {
    return [...withdrawn, ...(sameProfile(profile, organization.profile) ? [] : [{ type: 'OrganizationProfileUpdated' as const, data: { ...profile, organizationId } }])];
  }
  const inForce = identityOf(organization.profile);
  const applied = { ...profile, ...inForce };
  const events: OrganizationEvent[] = sameProfile(applied, organization.profile) ? [] : [{ type: 'OrganizationProfileUpdated', data: { ...applied, organizationId } }];
  const wanted = identityOf(profile);
  if (sameIdentity(wanted, inForce)) return [...events, ...withdrawn];
  if (pending && sameIdentity(wanted, pending.identity)) return events;
  return [...events, { type: 'OrganizationIdentityChangeRequested', data: { ...wanted, organizationId, requestId, requestedAt: now.toISOString() } }];
}

function decideOrganization(command: OrganizationCommand, state: OrganizationState): OrganizationEvent[] {
  switch (command.type) {
    case 'RegisterOrganization': {
      if (state.status !== 'absent') throw new OrganizationAlreadyExists();
      const profile = command.form ? checked(command.profile, command.form) : (command.profile as OrganizationProfile);
      return [{ type: 'OrganizationRegistered', data: { ...profile, organizationId: command.organizationId, ownerUserId: command.ownerUserId, registeredAt: command.now.toISOString() } }];
    }
    case 'UpdateOrganizationProfile': {
      const organization = live(state);
      const profile = checked(command.profile, command.form);
      if (command.form === 'centre') return updateOwnProfile(organization, profile, command.requestId, command.now);
      if (sameProfile(profile, organization.profile)) return [];
      return [{ type: 'OrganizationProfileUpdated', data: { ...profile, organizationId: organization.organizationId } }];
    }
    case 'ApproveIdentityChange': {
      const organization = live(state);
      const pending = pendingRequest(organization, command.requestId);
      return [{ type: 'OrganizationIdentityChangeApproved', data: { ...pending.identity, organizationId: organization.organizationId, requestId: pending.requestId, approvedAt: command.now.toISOString() } }];
    }
    case 'RejectIdentityChange': {
      const organization = live(state);
      const pending = pendingRequest(organization, command.requestId);
      return [{ type: 'OrganizationIdentityChangeRejected', data: { organizationId: organization.organizationId, requestId: pending.requestId, rejectedAt: command.now.toISOString() } }];
    }
    case 'VerifyOrganization': {
      const organization = live(state);
      if (organization.verified) return [];
      return [{ type: 'OrganizationVerified', data: { organizationId: organization.organizationId, verifiedAt: command.now.toISOString() } }];
    }
    case 'UnverifyOrganization': {
      const organization = live(state);
      if (!organization.verified) return [];
      return [{ type: 'OrganizationUnverified', data: { organizationId: organization.organizationId, unverifiedAt: command.now.toISOString() } }];
    }
    case 'ChangeOrganizationOwner': {
      const organization = live(state);
      if (organization.ownerUserId === command.ownerUserId) return [];
      return [{ type: 'OrganizationOwnerChanged', data: { organizationId: organization.organizationId, ownerUserId: command.ownerUserId } }];
    }
    case 'AddOrganizationCourses': {
      const organization = live(state);
      const added = command.courseIds.filter((id) => !organization.courseIds.includes(id));
      if (added.length === 0) return [];
      if (!organization.verified) throw new OrganizationNotVerified();
      if (command.now && approvalExpired(organization.approvalExpiresOn, command.now)) throw new ApprovalExpired(organization.approvalExpiresOn!);
      return [{ type: 'OrganizationCoursesAdded', data: { organizationId: organization.organizationId, courseIds: added, batchId: command.batchId } }];
    }
    case 'DeleteOrganization': {
      const organization = live(state);
      return [{ type: 'OrganizationDeleted', data: { organizationId: organization.organizationId, deletedBy: command.deletedBy, deletedAt: command.now.toISOString() } }];
    }
    case 'RecordApprovalDates': {
      const organization = live(state);
      const dates = approvalDates({ approvalGrantedOn: command.approvalGrantedOn, approvalExpiresOn: command.approvalExpiresOn });
      if (!dates.ok) throw new InvalidApprovalDates(dates.issue.code, dates.issue.field);
      if (dates.approvalGrantedOn === organization.approvalGrantedOn && dates.approvalExpiresOn === organization.approvalExpiresOn) return [];
      return [{
        type: 'OrganizationApprovalDatesRecorded',
        data: { organizationId: organization.organizationId, approvalGrantedOn: dates.approvalGrantedOn, approvalExpiresOn: dates.approvalExpiresOn, recordedAt: command.now.toISOString() },
      }];
    }
    case 'ChangeNotifications': {
      const organization = live(state);
      const keys = ['newBooking', 'cancellationOrMove', 'lowEnrolment', 'packDue'] as const;
      if (keys.every((key) => organization.notifications[key] === command.notifications[key])) return [];
      const notifications = Object.fromEntries(keys.map((key) => [key, command.notifications[key]])) as unknown as CentreNotifications;
      return [{ type: 'OrganizationNotificationsChanged', data: { organizationId: organization.organizationId, notifications } }];
    }
    case 'NoticeApprovalExpiry': {
      const organization = live(state);
      const expiresOn = organization.approvalExpiresOn;
      if (expiresOn === null) throw new ApprovalNoticeNotDue('NO_DATES');
      // Told once per end date: new dates recorded later are told of again, when their time comes.
      if (organization.approvalExpiryNoticedFor === expiresOn) return [];
      const refusal = approvalNoticeRefusal(expiresOn, command.now);
      if (refusal) throw new ApprovalNoticeNotDue(refusal);
      return [{ type: 'OrganizationApprovalExpiryNoticed', data: { organizationId: organization.organizationId, approvalExpiresOn: expiresOn, noticedAt: command.now.toISOString() } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
