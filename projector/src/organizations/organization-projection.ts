import type { Projection } from '../projection';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from './organization-document';

export const organizationProjection: Projection<OrganizationDocument> = {
  name: 'organizations',
  version: 1,
  collection: ORGANIZATIONS_COLLECTION,
  indexes: [{ ownerUserId: 1 }],
  documentId: (event) => (event.streamName.startsWith('organization-') ? event.streamName.slice('organization-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'OrganizationRegistered': {
        const { organizationId, registeredAt, ...organization } = event.data;
        return { _id: organizationId, ...organization, isVerified: false, createdAt: registeredAt };
      }
      case 'OrganizationVerified':
        return doc && { ...doc, isVerified: true };
      default:
        return doc;
    }
  },
};
