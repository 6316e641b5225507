import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime } from '../primitives';

export const OrganizationProfile = z.object({
  name: z.string().min(1),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  prefectApprovalReference: z.string().nullable(),
});
export type OrganizationProfile = z.infer<typeof OrganizationProfile>;

export const OrganizationRegistered = defineEvent(
  'OrganizationRegistered',
  OrganizationProfile.extend({
    organizationId: Id,
    /** The ORGANIZATION account that runs the centre, if any yet. */
    ownerUserId: Id.nullable(),
    registeredAt: IsoDateTime,
  }),
);

export const OrganizationVerified = defineEvent(
  'OrganizationVerified',
  z.object({ organizationId: Id, verifiedAt: IsoDateTime }),
);

export const organizationEvents = [OrganizationRegistered, OrganizationVerified] as const;
export type OrganizationEvent = EventOf<(typeof organizationEvents)[number]>;
