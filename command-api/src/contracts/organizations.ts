/**
 * The command API's training-centre calls (spec 001 §7): the centre's own profile, and the administrators'
 * create, edit, approve and delete. Pure: the web imports these. The rules of each form
 * (`checkOrganization` in shared-events) are the domain's, answered with the spec's messages.
 */
import { z } from 'zod';
import { ReadRevision } from '@recup/shared-events/api/profile';
import { multilineText } from '@recup/shared-events/text/visible-text';

export { OrganizationDto, PendingIdentityChangeDto } from '@recup/shared-events/api/organization';

const optionalText = (max: number) => z.string().max(max).nullish();
/** A paragraph: its line breaks are its own. */
const optionalParagraphs = (max: number) => multilineText(z.string().max(max)).nullish();

const OrganizationFields = z.object({
  name: optionalText(120),
  address: optionalText(200),
  city: optionalText(100),
  postalCode: optionalText(10),
  email: optionalText(254),
  phoneNumber: optionalText(30),
  website: optionalText(200),
  description: optionalParagraphs(4000),
  descriptionEn: optionalParagraphs(4000),
  prefectApprovalReference: optionalText(60),
});

/** Which e-mails the centre receives at its address (issue 20 §5); left out, unchanged. */
const CentreNotificationsRequest = z.object({ newBooking: z.boolean(), cancellationOrMove: z.boolean(), lowEnrolment: z.boolean(), packDue: z.boolean() }).strict();

/**
 * `PATCH /api/organization/profile`: the centre's details; registers the centre, pending verification, when the
 * account has none yet. `notifications`: the e-mails it receives (left out: unchanged; sent alone, nothing else
 * changes). The approval's dates are an administrator's to record.
 */
export const OrganizationProfileRequest = OrganizationFields.extend({
  notifications: CentreNotificationsRequest.optional(),
  /** Read-only here (an administrator records them): accepted so that a client may send back what it read, and ignored. */
  approvalGrantedOn: z.iso.date().nullish(),
  approvalExpiresOn: z.iso.date().nullish(),
  revision: ReadRevision,
}).strict();
export type OrganizationProfileRequest = z.input<typeof OrganizationProfileRequest>;

/** `POST /api/admin/organizations` (verified unless `isVerified` is false) and `PATCH /api/admin/organizations/{id}` (verified as chosen). */
export const AdminOrganizationRequest = OrganizationFields.extend({
  isVerified: z.boolean().optional(),
  /** The ORGANIZATION account that runs the centre; null for none; left out, unchanged. */
  ownerUserId: z.string().max(64).nullish(),
  /**
   * The prefectoral approval's grant (`YYYY-MM-DD`; null: not known; left out: unchanged) and its last day (left
   * out or null: 5 years less a day after the grant).
   */
  approvalGrantedOn: z.iso.date().nullish(),
  approvalExpiresOn: z.iso.date().nullish(),
  revision: ReadRevision,
}).strict();
export type AdminOrganizationRequest = z.input<typeof AdminOrganizationRequest>;

/** `POST /api/admin/organizations/{id}/identity-change/approve|reject`: the pending request the administrator was shown. */
export const IdentityChangeDecisionRequest = z.object({ requestId: z.string().min(1).max(64) }).strict();
export type IdentityChangeDecisionRequest = z.input<typeof IdentityChangeDecisionRequest>;

/** `DELETE /api/admin/organizations/{id}`: its courses not yet started are cancelled, their bookings cancelled and refunded. */
export const DeleteOrganizationResponse = z.object({
  organizationId: z.string(),
  cancelledCourses: z.number().int(),
  cancelledBookings: z.number().int(),
  refunds: z.number().int(),
});
export type DeleteOrganizationResponse = z.infer<typeof DeleteOrganizationResponse>;
