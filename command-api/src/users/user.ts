import type { Role, UserEvent, UserProfile } from '@recup/shared-events';

export interface PendingToken {
  hash: string;
  expiresAt: string;
}

export type UserState =
  | { status: 'absent' }
  | {
      status: 'registered' | 'deleted';
      userId: string;
      email: string;
      passwordHash: string;
      role: Role;
      verified: boolean;
      profile: UserProfile;
      /** The latest verification token sent; an earlier one no longer works. */
      verificationToken: PendingToken | null;
      /** The token that verified the address: using it again answers the same, and does nothing. */
      usedVerificationHash: string | null;
      resetToken: PendingToken | null;
    };

export type ExistingUser = Exclude<UserState, { status: 'absent' }>;

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, email, passwordHash, role, registeredAt: _at, ...profile } = event.data;
    return { status: 'registered', userId, email, passwordHash, role, verified: false, profile, verificationToken: null, usedVerificationHash: null, resetToken: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'UserVerificationTokenIssued':
      return { ...state, verificationToken: { hash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'UserEmailVerified':
      return { ...state, verified: true, usedVerificationHash: state.verificationToken?.hash ?? null, verificationToken: null };
    case 'UserVerificationRevoked':
      return { ...state, verified: false, usedVerificationHash: null };
    case 'UserPasswordResetRequested':
      return { ...state, resetToken: { hash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'UserPasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, resetToken: null };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, resetToken: null };
    case 'UserProfileUpdated': {
      const { userId: _id, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'UserEmailChanged':
      return { ...state, email: event.data.email };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserDeleted':
      return { ...state, status: 'deleted', verificationToken: null, resetToken: null };
  }
}
