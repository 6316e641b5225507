import type { Role, UserEvent, UserProfile } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveUser, initialUserState, type UserState } from './user';
import { UserAlreadyExists, UserNotFound } from './user-errors';

export type RegisterUser = { type: 'RegisterUser'; userId: string; email: string; passwordHash: string; role: Role; profile: UserProfile; now: Date };
export type VerifyUserEmail = { type: 'VerifyUserEmail'; userId: string; now: Date };
export type UserCommand = RegisterUser | VerifyUserEmail;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') throw new UserAlreadyExists();
      const { userId, email, passwordHash, role, profile, now } = command;
      return [{ type: 'UserRegistered', data: { ...profile, userId, email, passwordHash, role, registeredAt: now.toISOString() } }];
    }
    case 'VerifyUserEmail': {
      if (state.status === 'absent') throw new UserNotFound();
      if (state.verified) return [];
      return [{ type: 'UserEmailVerified', data: { userId: state.userId, verifiedAt: command.now.toISOString() } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
