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

/** The first event of a `userEmail-<hash>` stream, appended with no-stream: e-mail addresses are unique. */
export const UserEmailClaimed = defineEvent('UserEmailClaimed', z.object({ userId: Id, email: z.string() }));

export const AdminGranted = defineEvent('AdminGranted', z.object({ userId: Id }));

export const userEvents = [UserRegistered, UserEmailVerified] as const;
export type UserEvent = EventOf<(typeof userEvents)[number]>;
export type UserEmailEvent = EventOf<typeof UserEmailClaimed>;
export type AdminsEvent = EventOf<typeof AdminGranted>;
