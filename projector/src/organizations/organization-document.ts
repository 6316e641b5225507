import type { OrganizationProfile } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const ORGANIZATIONS_COLLECTION = 'organizations';

export interface OrganizationDocument extends ProjectedDoc, OrganizationProfile {
  ownerUserId: string | null;
  isVerified: boolean;
  createdAt: string;
}
