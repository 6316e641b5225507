import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime, Language, Role } from '../primitives';

export const UserProfile = z.object({
  title: z.enum(['MR', 'MRS']).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  countryOfBirth: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  addressDetails: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  landlinePhone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  language: Language,
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UserRegistered = defineEvent(
  'UserRegistered',
  UserProfile.extend({
    userId: Id,
    email: z.string(),
    /** An argon2id hash in PHC form; never the password. */
    passwordHash: z.string(),
    role: Role,
    registeredAt: IsoDateTime,
  }),
);

export const UserEmailVerified = defineEvent(
  'UserEmailVerified',
  z.object({ userId: Id, verifiedAt: IsoDateTime }),
);

/** A token sent by e-mail. Only its SHA-256 is kept: the log never holds a usable token. */
const IssuedToken = z.object({ userId: Id, tokenHash: z.string().regex(/^[0-9a-f]{64}$/), expiresAt: IsoDateTime });

export const UserVerificationTokenIssued = defineEvent('UserVerificationTokenIssued', IssuedToken);

/** An administrator took the verified mark back: the user must confirm the address again. */
export const UserVerificationRevoked = defineEvent('UserVerificationRevoked', z.object({ userId: Id }));

export const UserPasswordResetRequested = defineEvent('UserPasswordResetRequested', IssuedToken);

export const UserPasswordReset = defineEvent(
  'UserPasswordReset',
  z.object({ userId: Id, passwordHash: z.string(), tokenHash: z.string(), resetAt: IsoDateTime }),
);

export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  z.object({ userId: Id, passwordHash: z.string(), by: z.enum(['self', 'admin']), changedAt: IsoDateTime }),
);

export const UserProfileUpdated = defineEvent('UserProfileUpdated', UserProfile.extend({ userId: Id }));

export const UserEmailChanged = defineEvent('UserEmailChanged', z.object({ userId: Id, email: z.string(), previousEmail: z.string() }));

export const UserRoleChanged = defineEvent('UserRoleChanged', z.object({ userId: Id, role: Role, previousRole: Role }));

export const UserDeleted = defineEvent('UserDeleted', z.object({ userId: Id, deletedAt: IsoDateTime }));

/** The first event of a `userEmail-<hash>` stream, appended with no-stream: e-mail addresses are unique. */
export const UserEmailClaimed = defineEvent('UserEmailClaimed', z.object({ userId: Id, email: z.string() }));

/** The address is free again (its account was deleted or moved to another address). */
export const UserEmailReleased = defineEvent('UserEmailReleased', z.object({ userId: Id }));

export const AdminGranted = defineEvent('AdminGranted', z.object({ userId: Id }));
export const AdminRevoked = defineEvent('AdminRevoked', z.object({ userId: Id }));

export const userEvents = [
  UserRegistered,
  UserEmailVerified,
  UserVerificationTokenIssued,
  UserVerificationRevoked,
  UserPasswordResetRequested,
  UserPasswordReset,
  UserPasswordChanged,
  UserProfileUpdated,
  UserEmailChanged,
  UserRoleChanged,
  UserDeleted,
] as const;
export type UserEvent = EventOf<(typeof userEvents)[number]>;
export const userEmailEvents = [UserEmailClaimed, UserEmailReleased] as const;
export type UserEmailEvent = EventOf<(typeof userEmailEvents)[number]>;
export const adminsEvents = [AdminGranted, AdminRevoked] as const;
export type AdminsEvent = EventOf<(typeof adminsEvents)[number]>;
