import type { Projection } from '../projection';
import { CENTRE_STATEMENTS_COLLECTION, type CentreStatementDocument } from './centre-statement-document';

const PREFIX = 'centreStatement-';

export const centreStatementProjection: Projection<CentreStatementDocument> = {
  name: 'centreStatements',
  version: 1,
  collection: CENTRE_STATEMENTS_COLLECTION,
  indexes: [{ organizationId: 1 }, { month: 1 }],
  documentId: (event) => (event.streamName.startsWith(PREFIX) ? event.streamName.slice(PREFIX.length) : null),
  evolve(doc, event) {
    switch (event.type) {
      case 'CentreStatementPaid': {
        const { organizationId, month, amount, paidBy, paidAt } = event.data;
        return { _id: `${organizationId}-${month}`, organizationId, month, amount, paidBy, paidAt };
      }
      default:
        return doc;
    }
  },
};
