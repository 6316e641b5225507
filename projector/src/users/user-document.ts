import type { UserProfile } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const USERS_COLLECTION = 'users';

/** A user as others may read it: never a password hash or a token. */
export interface UserDocument extends ProjectedDoc, UserProfile {
  email: string;
  role: 'USER' | 'ORGANIZATION' | 'ADMIN';
  isVerified: boolean;
  createdAt: string;
}
