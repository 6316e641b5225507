import { z } from 'zod';
import { UserProfile } from '../events/user-events';
import { Role } from '../primitives';

/**
 * The `revision` a read of the record showed: accepted so that a client may send back what it read, and ignored. An
 * edit that must not overwrite another's sends it as `If-Match: "<revision>"` (a 412 when stale).
 */
export const ReadRevision = z.number().int().min(0).nullish();

/**
 * A user's own profile, as both APIs answer it: `GET /api/users/profile` (query API) and the answer of
 * `PATCH /api/users/profile` (command API): the profile the user events carry, with who the user is.
 */
export const ProfileDto = UserProfile.extend({
  id: z.string(),
  email: z.string(),
  role: Role,
  isVerified: z.boolean(),
  /** The revision of the user's stream this answer shows (also its ETag): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type ProfileDto = z.infer<typeof ProfileDto>;
