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

/** An administrator withdrew the verification: the centre publishes nothing more until verified again. */
export const OrganizationUnverified = defineEvent(
  'OrganizationUnverified',
  z.object({ organizationId: Id, unverifiedAt: IsoDateTime }),
);

/** The centre's details as they now stand. */
export const OrganizationProfileUpdated = defineEvent(
  'OrganizationProfileUpdated',
  OrganizationProfile.extend({ organizationId: Id }),
);

/** An administrator named (or removed) the ORGANIZATION account that runs the centre. */
export const OrganizationOwnerChanged = defineEvent(
  'OrganizationOwnerChanged',
  z.object({ organizationId: Id, ownerUserId: Id.nullable() }),
);

/**
 * The centre announces courses it is about to schedule: its stream decides whether it may publish (verified,
 * not deleted), and knows every course it ever published, to cancel them if it is deleted.
 */
export const OrganizationCoursesAdded = defineEvent(
  'OrganizationCoursesAdded',
  z.object({ organizationId: Id, courseIds: z.array(Id).min(1), batchId: Id.nullable() }),
);

/** The centre is gone from lists; its courses are cancelled and their bookings refunded (courses' own streams). */
export const OrganizationDeleted = defineEvent(
  'OrganizationDeleted',
  z.object({ organizationId: Id, deletedBy: Id, deletedAt: IsoDateTime }),
);

export const organizationEvents = [
  OrganizationRegistered, OrganizationVerified, OrganizationUnverified, OrganizationProfileUpdated, OrganizationOwnerChanged,
  OrganizationCoursesAdded, OrganizationDeleted,
] as const;
export type OrganizationEvent = EventOf<(typeof organizationEvents)[number]>;

// ── Which centre an account runs (`organizationManager-<userId>`): one at most ───────────────────────────

export const OrganizationManagerAssigned = defineEvent(
  'OrganizationManagerAssigned',
  z.object({ userId: Id, organizationId: Id }),
);

export const OrganizationManagerReleased = defineEvent(
  'OrganizationManagerReleased',
  z.object({ userId: Id, organizationId: Id }),
);

export const organizationManagerEvents = [OrganizationManagerAssigned, OrganizationManagerReleased] as const;
export type OrganizationManagerEvent = EventOf<(typeof organizationManagerEvents)[number]>;
