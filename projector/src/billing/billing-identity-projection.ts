import type { Projection } from '../projection';
import { BILLING_IDENTITIES_COLLECTION, type BillingIdentityDocument } from './billing-identity-document';

/** The buyer's name and address for invoices, kept after the account is deleted. */
export const billingIdentityProjection: Projection<BillingIdentityDocument> = {
  name: 'billingIdentities',
  version: 1,
  collection: BILLING_IDENTITIES_COLLECTION,
  indexes: [],
  documentId: (event) => (event.streamName.startsWith('user-') ? event.streamName.slice('user-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, firstName, lastName, email, address, postalCode, city } = event.data;
        return { _id: userId, firstName, lastName, email, address, postalCode, city, deletedAt: null };
      }
      case 'UserProfileUpdated': {
        const { firstName, lastName, address, postalCode, city } = event.data;
        return doc && { ...doc, firstName, lastName, address, postalCode, city };
      }
      case 'UserEmailChanged':
        return doc && { ...doc, email: event.data.email };
      case 'UserDeleted':
        return doc && { ...doc, deletedAt: event.data.deletedAt };
      default:
        return doc;
    }
  },
};
