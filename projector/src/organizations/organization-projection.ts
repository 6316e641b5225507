import { DEFAULT_CENTRE_NOTIFICATIONS } from '@recup/shared-events';
import type { Projection } from '../projection';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from './organization-document';

export const organizationProjection: Projection<OrganizationDocument> = {
  name: 'organizations',
  // 2: profile changes, owner changes, unverified and deleted centres. 3: changes of identity awaiting approval, verification withdrawn.
  // 4: the approval's dates and the centre's choice of e-mails.
  version: 4,
  collection: ORGANIZATIONS_COLLECTION,
  indexes: [{ ownerUserId: 1 }],
  documentId: (event) => (event.streamName.startsWith('organization-') ? event.streamName.slice('organization-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'OrganizationRegistered': {
        const { organizationId, registeredAt, ...organization } = event.data;
        return {
          _id: organizationId, ...organization, isVerified: false, createdAt: registeredAt, verifiedAt: null, deletedAt: null, pendingIdentityChange: null, verificationWithdrawnAt: null,
          approvalGrantedOn: null, approvalExpiresOn: null, notifications: { ...DEFAULT_CENTRE_NOTIFICATIONS },
        };
      }
      case 'OrganizationVerified':
        return doc && { ...doc, isVerified: true, verifiedAt: event.data.verifiedAt, verificationWithdrawnAt: null };
      case 'OrganizationUnverified':
        return doc && { ...doc, isVerified: false, verifiedAt: null, verificationWithdrawnAt: event.data.unverifiedAt };
      case 'OrganizationIdentityChangeRequested': {
        const { organizationId: _organizationId, ...pending } = event.data;
        return doc && { ...doc, pendingIdentityChange: pending };
      }
      case 'OrganizationIdentityChangeApproved': {
        const { organizationId: _organizationId, requestId: _requestId, approvedAt: _approvedAt, ...identity } = event.data;
        return doc && { ...doc, ...identity, pendingIdentityChange: null };
      }
      case 'OrganizationIdentityChangeRejected':
      case 'OrganizationIdentityChangeWithdrawn':
        return doc && { ...doc, pendingIdentityChange: null };
      case 'OrganizationProfileUpdated': {
        const { organizationId: _organizationId, ...profile } = event.data;
        return doc && { ...doc, ...profile };
      }
      case 'OrganizationOwnerChanged':
        return doc && { ...doc, ownerUserId: event.data.ownerUserId };
      case 'OrganizationApprovalDatesRecorded':
        return doc && { ...doc, approvalGrantedOn: event.data.approvalGrantedOn, approvalExpiresOn: event.data.approvalExpiresOn };
      case 'OrganizationNotificationsChanged':
        return doc && { ...doc, notifications: { ...event.data.notifications } };
      case 'OrganizationDeleted':
        return doc && { ...doc, isVerified: false, deletedAt: event.data.deletedAt };
      default:
        return doc;
    }
  },
};
