import { timingSafeEqual } from 'node:crypto';
import type { Role, UserEvent, UserProfile } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { evolveUser, initialUserState, type ExistingUser, type PendingToken, type UserState } from './user';
import { TokenExpired, TokenInvalid, UserAlreadyExists, UserNotFound, WrongPassword } from './user-errors';

type NewToken = { tokenHash: string; expiresAt: string };

type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  email: string;
  passwordHash: string;
  role: Role;
  profile: UserProfile;
  now: Date;
  /** Verified at once (an account an administrator creates), or sent this token to confirm the address. */
  verification: { verified: true } | ({ verified: false } & NewToken);
};
type IssueVerificationToken = { type: 'IssueVerificationToken' } & NewToken;
type VerifyEmail = { type: 'VerifyEmail'; tokenHash: string; now: Date };
type MarkVerified = { type: 'MarkVerified'; verified: boolean; now: Date };
type RequestPasswordReset = { type: 'RequestPasswordReset' } & NewToken;
type ResetPassword = { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: Date };
type ChangePassword = { type: 'ChangePassword'; passwordHash: string; by: 'self' | 'admin'; currentPasswordMatches: boolean; now: Date };
type UpdateProfile = { type: 'UpdateProfile'; profile: UserProfile };
type ChangeEmail = { type: 'ChangeEmail'; email: string };
type ChangeRole = { type: 'ChangeRole'; role: Role };
type DeleteUser = { type: 'DeleteUser'; now: Date };
export type UserCommand =
  | RegisterUser | IssueVerificationToken | VerifyEmail | MarkVerified | RequestPasswordReset | ResetPassword
  | ChangePassword | UpdateProfile | ChangeEmail | ChangeRole | DeleteUser;

function active(state: UserState): ExistingUser {
  if (state.status !== 'registered') throw new UserNotFound();
  return state;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The pending token, if this is it and it has not expired. */
function checkToken(token: PendingToken | null, tokenHash: string, now: Date): void {
  if (!token || !sameHash(token.hash, tokenHash)) throw new TokenInvalid();
  if (Date.parse(token.expiresAt) <= now.getTime()) throw new TokenExpired();
}

const sameProfile = (a: UserProfile, b: UserProfile) => (Object.keys(a) as (keyof UserProfile)[]).every((k) => a[k] === b[k]);

function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'absent') throw new UserAlreadyExists();
    const { userId, email, passwordHash, role, profile, now, verification } = command;
    const registered: UserEvent = { type: 'UserRegistered', data: { ...profile, userId, email, passwordHash, role, registeredAt: now.toISOString() } };
    return verification.verified
      ? [registered, { type: 'UserEmailVerified', data: { userId, verifiedAt: now.toISOString() } }]
      : [registered, { type: 'UserVerificationTokenIssued', data: { userId, tokenHash: verification.tokenHash, expiresAt: verification.expiresAt } }];
  }
  const user = active(state);
  const userId = user.userId;
  switch (command.type) {
    case 'IssueVerificationToken':
      if (user.verified) return [];
      return [{ type: 'UserVerificationTokenIssued', data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
    case 'VerifyEmail':
      if (user.verified && user.usedVerificationHash && sameHash(user.usedVerificationHash, command.tokenHash)) return [];
      checkToken(user.verificationToken, command.tokenHash, command.now);
      return [{ type: 'UserEmailVerified', data: { userId, verifiedAt: command.now.toISOString() } }];
    case 'MarkVerified':
      if (user.verified === command.verified) return [];
      return command.verified
        ? [{ type: 'UserEmailVerified', data: { userId, verifiedAt: command.now.toISOString() } }]
        : [{ type: 'UserVerificationRevoked', data: { userId } }];
    case 'RequestPasswordReset':
      return [{ type: 'UserPasswordResetRequested', data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
    case 'ResetPassword':
      checkToken(user.resetToken, command.tokenHash, command.now);
      return [{ type: 'UserPasswordReset', data: { userId, passwordHash: command.passwordHash, tokenHash: command.tokenHash, resetAt: command.now.toISOString() } }];
    case 'ChangePassword':
      if (command.by === 'self' && !command.currentPasswordMatches) throw new WrongPassword();
      return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, by: command.by, changedAt: command.now.toISOString() } }];
    case 'UpdateProfile':
      if (sameProfile(user.profile, command.profile)) return [];
      return [{ type: 'UserProfileUpdated', data: { ...command.profile, userId } }];
    case 'ChangeEmail':
      if (user.email === command.email) return [];
      return [{ type: 'UserEmailChanged', data: { userId, email: command.email, previousEmail: user.email } }];
    case 'ChangeRole':
      if (user.role === command.role) return [];
      return [{ type: 'UserRoleChanged', data: { userId, role: command.role, previousRole: user.role } }];
    case 'DeleteUser':
      return [{ type: 'UserDeleted', data: { userId, deletedAt: command.now.toISOString() } }];
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
