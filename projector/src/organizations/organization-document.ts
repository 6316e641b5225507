import type { CentreNotifications, OrganizationIdentity, OrganizationProfile } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const ORGANIZATIONS_COLLECTION = 'organizations';

export interface OrganizationDocument extends ProjectedDoc, OrganizationProfile {
  ownerUserId: string | null;
  isVerified: boolean;
  createdAt: string;
  verifiedAt: string | null;
  /**
   * Set once an administrator deleted the centre: it then shows in no list and runs no account, but its name
   * stays on its past bookings and invoices. Lists keep `deletedAt: null` (`LIVE_ORGANIZATIONS`).
   */
  deletedAt: string | null;
  /** A verified centre's change of identity awaiting an administrator (the fields above stay in force until approved). */
  pendingIdentityChange: (OrganizationIdentity & { requestId: string; requestedAt: string }) | null;
  /** When an administrator withdrew its verification, until it is verified again. */
  verificationWithdrawnAt: string | null;
  /** The prefectoral approval's grant and last day (`YYYY-MM-DD`), as an administrator recorded them. */
  approvalGrantedOn: string | null;
  approvalExpiresOn: string | null;
  /** Which e-mails the centre receives at its address. */
  notifications: CentreNotifications;
}

/** The filter every list of centres starts from: a deleted centre shows nowhere. */
export const LIVE_ORGANIZATIONS = { deletedAt: null } as const;

/** The filter of the centres whose courses are public (search, course pages, sitemap): verified and not deleted. */
export const SELLING_ORGANIZATIONS = { isVerified: true, ...LIVE_ORGANIZATIONS } as const;
