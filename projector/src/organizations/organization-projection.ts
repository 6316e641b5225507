import type { Projection } from '../projection';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from './organization-document';

export const organizationProjection: Projection<OrganizationDocument> = {
  name: 'organizations',
  // 2: profile changes, owner changes, unverified and deleted centres.
  version: 2,
  collection: ORGANIZATIONS_COLLECTION,
  indexes: [{ ownerUserId: 1 }],
  documentId: (event) => (event.streamName.startsWith('organization-') ? event.streamName.slice('organization-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'OrganizationRegistered': {
        const { organizationId, registeredAt, ...organization } = event.data;
        return { _id: organizationId, ...organization, isVerified: false, createdAt: registeredAt, verifiedAt: null, deletedAt: null };
      }
      case 'OrganizationVerified':
        return doc && { ...doc, isVerified: true, verifiedAt: event.data.verifiedAt };
      case 'OrganizationUnverified':
        return doc && { ...doc, isVerified: false, verifiedAt: null };
      case 'OrganizationProfileUpdated': {
        const { organizationId: _organizationId, ...profile } = event.data;
        return doc && { ...doc, ...profile };
      }
      case 'OrganizationOwnerChanged':
        return doc && { ...doc, ownerUserId: event.data.ownerUserId };
      case 'OrganizationDeleted':
        return doc && { ...doc, isVerified: false, deletedAt: event.data.deletedAt };
      default:
        return doc;
    }
  },
};
