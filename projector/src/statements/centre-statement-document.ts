import type { ProjectedDoc } from '../projection';

export const CENTRE_STATEMENTS_COLLECTION = 'centreStatements';

/** A centre's monthly statement the platform paid: who recorded it, when, and the amount (integer cents). */
export interface CentreStatementDocument extends ProjectedDoc {
  organizationId: string;
  /** `YYYY-MM`. */
  month: string;
  amount: number;
  paidBy: string;
  paidAt: string;
}
