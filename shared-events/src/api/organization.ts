import { z } from 'zod';
import { CentreNotificationsSchema, OrganizationIdentity, OrganizationProfile } from '../events/organization-events';
import { DEFAULT_CENTRE_NOTIFICATIONS } from '../organizations/centre-notices';

/** A verified centre's change of name, address or approval, waiting for an administrator: the values it asked for. */
export const PendingIdentityChangeDto = OrganizationIdentity.extend({
  requestId: z.string(),
  requestedAt: z.string(),
});
export type PendingIdentityChangeDto = z.infer<typeof PendingIdentityChangeDto>;

/**
 * A training centre as both APIs answer it (spec 001 §7 `GET /api/organization`): the query API's reads and
 * the command API's answers to the centre's profile form and the administrators' create and edit.
 */
export const OrganizationDto = OrganizationProfile.extend({
  id: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  /** The ORGANIZATION account that runs it, if any. */
  ownerUserId: z.string().nullable(),
  /** Its change of identity awaiting approval, if any (the fields above are the ones in force). */
  pendingIdentityChange: PendingIdentityChangeDto.nullable().default(null),
  /** When an administrator withdrew its verification, while it stays withdrawn (null once verified again, or never verified). */
  verificationWithdrawnAt: z.string().nullable().default(null),
  /** The prefectoral approval's grant and last day (`YYYY-MM-DD`), as an administrator recorded them; null when not known. */
  approvalGrantedOn: z.string().nullable().default(null),
  approvalExpiresOn: z.string().nullable().default(null),
  /** Which e-mails the centre receives at its address. */
  notifications: CentreNotificationsSchema.default({ ...DEFAULT_CENTRE_NOTIFICATIONS }),
  /** The revision of the centre's stream this answer shows (also its ETag): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
export type OrganizationDto = z.infer<typeof OrganizationDto>;
