import { DEFAULT_CENTRE_NOTIFICATIONS, type CentreNotifications, type OrganizationEvent, type OrganizationIdentity, type OrganizationProfile } from '@recup/shared-events';

/** A verified centre's change of identity awaiting an administrator's decision. */
interface PendingIdentityChange {
  requestId: string;
  identity: OrganizationIdentity;
  requestedAt: string;
}

export type OrganizationState =
  | { status: 'absent' }
  | {
      status: 'registered' | 'deleted';
      organizationId: string;
      name: string;
      /** The details in force (a pending change of identity is not among them). */
      profile: OrganizationProfile;
      ownerUserId: string | null;
      verified: boolean;
      /** When an administrator withdrew the verification, until it is given again. */
      verificationWithdrawnAt: string | null;
      pendingIdentityChange: PendingIdentityChange | null;
      /** Every course the centre ever announced, in order (a deleted centre's are cancelled). */
      courseIds: string[];
      registeredAt: string;
      /** The prefectoral approval's grant and last day, as an administrator recorded them (null: not known). */
      approvalGrantedOn: string | null;
      approvalExpiresOn: string | null;
      /** The approval's end the centre was already told of (60 days before), if any. */
      approvalExpiryNoticedFor: string | null;
      /** Which e-mails the centre receives. */
      notifications: CentreNotifications;
    };

export type ExistingOrganization = Exclude<OrganizationState, { status: 'absent' }>;

export const initialOrganizationState = (): OrganizationState => ({ status: 'absent' });

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationRegistered') {
    const { organizationId, ownerUserId, registeredAt, ...profile } = event.data;
    return {
      status: 'registered', organizationId, name: profile.name, profile, ownerUserId, verified: false, verificationWithdrawnAt: null, pendingIdentityChange: null,
      courseIds: [], registeredAt, approvalGrantedOn: null, approvalExpiresOn: null, approvalExpiryNoticedFor: null, notifications: { ...DEFAULT_CENTRE_NOTIFICATIONS },
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'OrganizationVerified':
      return { ...state, verified: true, verificationWithdrawnAt: null };
    case 'OrganizationUnverified':
      return { ...state, verified: false, verificationWithdrawnAt: event.data.unverifiedAt };
    case 'OrganizationProfileUpdated': {
      const { organizationId: _organizationId, ...profile } = event.data;
      return { ...state, name: profile.name, profile };
    }
    case 'OrganizationOwnerChanged':
      return { ...state, ownerUserId: event.data.ownerUserId };
    case 'OrganizationCoursesAdded':
      return { ...state, courseIds: [...state.courseIds, ...event.data.courseIds.filter((id) => !state.courseIds.includes(id))] };
    case 'OrganizationDeleted':
      return { ...state, status: 'deleted', verified: false };
    case 'OrganizationIdentityChangeRequested': {
      const { organizationId: _organizationId, requestId, requestedAt, ...identity } = event.data;
      return { ...state, pendingIdentityChange: { requestId, identity, requestedAt } };
    }
    case 'OrganizationIdentityChangeApproved': {
      const { organizationId: _organizationId, requestId: _requestId, approvedAt: _approvedAt, ...identity } = event.data;
      return { ...state, name: identity.name, profile: { ...state.profile, ...identity }, pendingIdentityChange: null };
    }
    case 'OrganizationIdentityChangeRejected':
    case 'OrganizationIdentityChangeWithdrawn':
      return { ...state, pendingIdentityChange: null };
    case 'OrganizationApprovalDatesRecorded':
      return { ...state, approvalGrantedOn: event.data.approvalGrantedOn, approvalExpiresOn: event.data.approvalExpiresOn };
    case 'OrganizationNotificationsChanged':
      return { ...state, notifications: { ...event.data.notifications } };
    case 'OrganizationApprovalExpiryNoticed':
      return { ...state, approvalExpiryNoticedFor: event.data.approvalExpiresOn };
  }
}
