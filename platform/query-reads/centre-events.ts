import type { EventToAppend } from '@recup/infra/event-store/port';
import type { EventMetadata } from '@recup/shared-events';

/** A training centre registered (with demonstration details) and, unless `verified` is false, verified: only a verified centre's courses are public. */
export function centreEvents(organizationId: string, metadata: EventMetadata, { verified = true, name = 'Var Prévention Conduite' } = {}): EventToAppend[] {
  return [
    {
      type: 'OrganizationRegistered', metadata,
      data: {
        organizationId, name, address: '1 rue Paul Lendrin', city: 'Toulon', postalCode: '83000', email: 'contact@centre.test', phoneNumber: '0494000000', website: null,
        description: null, descriptionEn: null, prefectApprovalReference: 'R1308300001', ownerUserId: null, registeredAt: metadata.occurredAt,
      },
    },
    ...(verified ? [{ type: 'OrganizationVerified', metadata, data: { organizationId, verifiedAt: metadata.occurredAt } }] : []),
  ];
}
