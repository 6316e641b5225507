import { z } from 'zod';
import { OrganizationProfile } from '../events/organization-events';

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
});
export type OrganizationDto = z.infer<typeof OrganizationDto>;
