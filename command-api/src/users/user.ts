import type { Role, UserEvent, UserProfile } from '@recup/shared-events';

export type UserState =
  | { status: 'absent' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      passwordHash: string;
      role: Role;
      verified: boolean;
      profile: UserProfile;
    };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, passwordHash, role, registeredAt: _at, ...profile } = event.data;
      return { status: 'registered', userId, email, passwordHash, role, verified: false, profile };
    }
    case 'UserEmailVerified':
      return state.status === 'absent' ? state : { ...state, verified: true };
  }
}
