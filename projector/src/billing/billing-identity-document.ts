import type { ProjectedDoc } from '../projection';

export const BILLING_IDENTITIES_COLLECTION = 'billingIdentities';

/**
 * Who an invoice names as the buyer. Invoices and credit notes are kept 10 years (DOMAIN.md, Money), so this
 * outlives the account: deleting a user hides them everywhere else, and only marks this document.
 */
export interface BillingIdentityDocument extends ProjectedDoc {
  firstName: string;
  lastName: string;
  email: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  deletedAt: string | null;
}
