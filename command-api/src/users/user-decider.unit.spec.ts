import { describe, expect, it } from 'vitest';
import type { UserEvent, UserProfile } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { adminsDecider } from './admins-decider';
import { userDecider } from './user-decider';
import { LastAdminCannotBeRemoved, TokenExpired, TokenInvalid, UserAlreadyExists, UserNotFound, WrongPassword } from './user-errors';
import { issueToken, parseToken } from './tokens';

const spec = specFor(userDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const profile: UserProfile = {
  title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
  postalCode: null, city: 'Nice', country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR',
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...profile, userId: 'u1', email: 'lea@example.fr', passwordHash: 'h0', role: 'USER', registeredAt: now.toISOString() } };
const tokenIssued = (tokenHash: string, expiresAt = later(3_600_000).toISOString()): UserEvent => ({ type: 'UserVerificationTokenIssued', data: { userId: 'u1', tokenHash, expiresAt } });
const verified: UserEvent = { type: 'UserEmailVerified', data: { userId: 'u1', verifiedAt: now.toISOString() } };
const resetRequested: UserEvent = { type: 'UserPasswordResetRequested', data: { userId: 'u1', tokenHash: hashA, expiresAt: later(30 * 60_000).toISOString() } };
const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedAt: now.toISOString() } };

describe('user', () => {
  describe('when registering', () => {
    it('records the user and a verification token', () => {
      spec([]).when({ type: 'RegisterUser', userId: 'u1', email: 'lea@example.fr', passwordHash: 'h0', role: 'USER', profile, now, verification: { verified: false, tokenHash: hashA, expiresAt: later(3_600_000).toISOString() } })
        .then([registered, tokenIssued(hashA)]);
    });
    it('is not registered twice', () => {
      spec([registered]).when({ type: 'RegisterUser', userId: 'u1', email: 'x@example.fr', passwordHash: 'h', role: 'USER', profile, now, verification: { verified: true } }).thenThrows(UserAlreadyExists);
    });
  });

  describe('when verifying the address', () => {
    it('accepts the latest token before it expires', () => {
      spec([registered, tokenIssued(hashA)]).when({ type: 'VerifyEmail', tokenHash: hashA, now }).then([verified]);
    });
    it('refuses a superseded token', () => {
      spec([registered, tokenIssued(hashA), tokenIssued(hashB)]).when({ type: 'VerifyEmail', tokenHash: hashA, now }).thenThrows(TokenInvalid);
    });
    it('refuses an expired token', () => {
      spec([registered, tokenIssued(hashA)]).when({ type: 'VerifyEmail', tokenHash: hashA, now: later(2 * 3_600_000) }).thenThrows(TokenExpired);
    });
    it('answers the same, doing nothing, when the used link is opened again', () => {
      spec([registered, tokenIssued(hashA), verified]).when({ type: 'VerifyEmail', tokenHash: hashA, now }).thenNothingHappens();
    });
    it('refuses any other token once verified', () => {
      spec([registered, tokenIssued(hashA), verified]).when({ type: 'VerifyEmail', tokenHash: hashB, now }).thenThrows(TokenInvalid);
    });
  });

  describe('when resetting the password', () => {
    it('accepts the token once', () => {
      const reset: UserEvent = { type: 'UserPasswordReset', data: { userId: 'u1', passwordHash: 'h1', tokenHash: hashA, resetAt: now.toISOString() } };
      spec([registered, resetRequested]).when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'h1', now }).then([reset]);
      spec([registered, resetRequested, reset]).when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'h2', now }).thenThrows(TokenInvalid);
    });
    it('refuses a token after 30 minutes', () => {
      spec([registered, resetRequested]).when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'h1', now: later(31 * 60_000) }).thenThrows(TokenExpired);
    });
  });

  describe('when changing the password', () => {
    it('needs the current password', () => {
      spec([registered]).when({ type: 'ChangePassword', passwordHash: 'h1', by: 'self', currentPasswordMatches: false, now }).thenThrows(WrongPassword);
    });
    it('cancels a pending reset link', () => {
      const state = [registered, resetRequested, { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h1', by: 'self', changedAt: now.toISOString() } } as UserEvent];
      spec(state).when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'h2', now }).thenThrows(TokenInvalid);
    });
  });

  describe('when the profile is saved unchanged', () => {
    it('records nothing', () => {
      spec([registered]).when({ type: 'UpdateProfile', profile }).thenNothingHappens();
      spec([registered]).when({ type: 'UpdateProfile', profile: { ...profile, city: 'Cannes' } }).then([{ type: 'UserProfileUpdated', data: { ...profile, city: 'Cannes', userId: 'u1' } }]);
    });
  });

  describe('when deleted', () => {
    it('accepts nothing more', () => {
      spec([registered, deleted]).when({ type: 'UpdateProfile', profile }).thenThrows(UserNotFound);
      spec([registered, deleted]).when({ type: 'RequestPasswordReset', tokenHash: hashA, expiresAt: now.toISOString() }).thenThrows(UserNotFound);
    });
  });
});

describe('admins', () => {
  const adminsSpec = specFor(adminsDecider);
  const granted = (userId: string) => ({ type: 'AdminGranted' as const, data: { userId } });
  it('keeps the last administrator', () => {
    adminsSpec([granted('a1')]).when({ type: 'RevokeAdmin', userId: 'a1' }).thenThrows(LastAdminCannotBeRemoved);
  });
  it('says whether the last administrator was to be deleted or given another role', () => {
    const refusal = (because: 'delete' | 'demote') => {
      try {
        adminsDecider.decide({ type: 'RevokeAdmin', userId: 'a1', because }, adminsDecider.evolve(adminsDecider.initialState(), granted('a1')));
      } catch (error) {
        return (error as LastAdminCannotBeRemoved).code;
      }
      return 'allowed';
    };
    expect(refusal('delete')).toBe('LAST_ADMIN_CANNOT_BE_REMOVED');
    expect(refusal('demote')).toBe('LAST_ADMIN_ROLE_KEPT');
  });
  it('lets one of two administrators go', () => {
    adminsSpec([granted('a1'), granted('a2')]).when({ type: 'RevokeAdmin', userId: 'a1' }).then([{ type: 'AdminRevoked', data: { userId: 'a1' } }]);
  });
  it('changes nothing for someone who is not an administrator', () => {
    adminsSpec([granted('a1')]).when({ type: 'RevokeAdmin', userId: 'u9' }).thenNothingHappens();
    adminsSpec([granted('a1')]).when({ type: 'GrantAdmin', userId: 'a1' }).thenNothingHappens();
  });
});

describe('e-mail tokens', () => {
  it('carry the user id and 256 random bits, and only their hash is kept', () => {
    const issued = issueToken('user-42', 1000, now);
    const parsed = parseToken(issued.token);
    expect(parsed).toEqual({ userId: 'user-42', tokenHash: issued.tokenHash });
    expect(Buffer.from(issued.token.split('.')[1]!, 'base64url')).toHaveLength(32);
    expect(issued.tokenHash).not.toContain(issued.token.split('.')[1]);
    expect(parseToken('garbage')).toBeNull();
    expect(parseToken(`${Buffer.from('../../x').toString('base64url')}.${'a'.repeat(43)}`)).toBeNull();
  });
});
