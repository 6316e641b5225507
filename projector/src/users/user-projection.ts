import type { Projection } from '../projection';
import { USERS_COLLECTION, type UserDocument } from './user-document';

export const userProjection: Projection<UserDocument> = {
  name: 'users',
  version: 1,
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
      default:
        return doc;
    }
  },
};
