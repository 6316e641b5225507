import { z } from 'zod';

/**
 * A user's own profile, as both APIs answer it: `GET /api/users/profile` (query API) and the answer of
 * `PATCH /api/users/profile` (command API).
 */
export const ProfileDto = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ORGANIZATION', 'ADMIN']),
  isVerified: z.boolean(),
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
  language: z.enum(['FR', 'EN']),
});
export type ProfileDto = z.infer<typeof ProfileDto>;

