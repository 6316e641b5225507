import type { Projection } from '../projection';
import { USERS_COLLECTION, type UserDocument } from './user-document';

export const userProjection: Projection<UserDocument> = {
  name: 'users',
  version: 2,
  collection: USERS_COLLECTION,
  indexes: [{ email: 1 }, { role: 1 }],
  documentId: (event) => (event.streamName.startsWith('user-') ? event.streamName.slice('user-'.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, passwordHash: _secret, registeredAt, ...user } = event.data;
        return { _id: userId, ...user, isVerified: false, createdAt: registeredAt };
      }
      case 'UserEmailVerified':
        return doc && { ...doc, isVerified: true };
      case 'UserVerificationRevoked':
        return doc && { ...doc, isVerified: false };
      case 'UserProfileUpdated': {
        const { userId: _id, ...profile } = event.data;
        return doc && { ...doc, ...profile };
      }
      case 'UserEmailChanged':
        return doc && { ...doc, email: event.data.email };
      case 'UserRoleChanged':
        return doc && { ...doc, role: event.data.role };
      case 'UserDeleted':
        return null;
      default:
        return doc;
    }
  },
};
