import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime, IsoDay } from '../primitives';

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

/**
 * What identifies a centre to learners, on its courses and on invoices: its name, its address and its
 * prefectoral approval. A verified centre changes them only with an administrator's approval.
 */
export const OrganizationIdentity = OrganizationProfile.pick({ name: true, address: true, city: true, postalCode: true, prefectApprovalReference: true });
export type OrganizationIdentity = z.infer<typeof OrganizationIdentity>;

/**
 * A verified centre asked to change its identity: the values it asks for, which apply only once an
 * administrator approves them (its current ones stay in force until then). A new request replaces the pending one.
 */
export const OrganizationIdentityChangeRequested = defineEvent(
  'OrganizationIdentityChangeRequested',
  OrganizationIdentity.extend({ organizationId: Id, requestId: Id, requestedAt: IsoDateTime }),
);

/** An administrator approved the request: from now on these are the centre's name, address and approval. */
export const OrganizationIdentityChangeApproved = defineEvent(
  'OrganizationIdentityChangeApproved',
  OrganizationIdentity.extend({ organizationId: Id, requestId: Id, approvedAt: IsoDateTime }),
);

/** An administrator rejected the request: the centre keeps its identity. */
export const OrganizationIdentityChangeRejected = defineEvent(
  'OrganizationIdentityChangeRejected',
  z.object({ organizationId: Id, requestId: Id, rejectedAt: IsoDateTime }),
);

/** The centre no longer asks for it (it saved its current identity again, or changed it directly once unverified). */
export const OrganizationIdentityChangeWithdrawn = defineEvent(
  'OrganizationIdentityChangeWithdrawn',
  z.object({ organizationId: Id, requestId: Id, withdrawnAt: IsoDateTime }),
);

/** Which e-mails the centre receives at its address (issue 20 §5); each on unless turned off. */
export const CentreNotificationsSchema = z.object({ newBooking: z.boolean(), cancellationOrMove: z.boolean(), lowEnrolment: z.boolean(), packDue: z.boolean() });

/**
 * An administrator recorded the dates of the centre's prefectoral approval: granted on, and its last day (5 years
 * less a day after the grant unless entered). Both null: no dates known.
 */
export const OrganizationApprovalDatesRecorded = defineEvent(
  'OrganizationApprovalDatesRecorded',
  z.object({ organizationId: Id, approvalGrantedOn: IsoDay.nullable(), approvalExpiresOn: IsoDay.nullable(), recordedAt: IsoDateTime }),
);

/** The centre chose which e-mails it receives (the whole choice as it now stands). */
export const OrganizationNotificationsChanged = defineEvent(
  'OrganizationNotificationsChanged',
  z.object({ organizationId: Id, notifications: CentreNotificationsSchema }),
);

/** The centre was told its approval ends on `approvalExpiresOn` (60 days before): once per end date. The mail reactor mails on it. */
export const OrganizationApprovalExpiryNoticed = defineEvent(
  'OrganizationApprovalExpiryNoticed',
  z.object({ organizationId: Id, approvalExpiresOn: IsoDay, noticedAt: IsoDateTime }),
);

export const organizationEvents = [
  OrganizationRegistered, OrganizationVerified, OrganizationUnverified, OrganizationProfileUpdated, OrganizationOwnerChanged,
  OrganizationCoursesAdded, OrganizationDeleted,
  OrganizationIdentityChangeRequested, OrganizationIdentityChangeApproved, OrganizationIdentityChangeRejected, OrganizationIdentityChangeWithdrawn,
  OrganizationApprovalDatesRecorded, OrganizationNotificationsChanged, OrganizationApprovalExpiryNoticed,
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
