import { AdminStatementSummaryDto } from '@recup/query-api/contracts/statements';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminRoot } from '../../../components/admin/admin-query-root';
import { api } from '../../../lib/api-client';

export const adminStatementQueries = {
  month: (month: string) =>
    queryOptions({
      queryKey: [...adminRoot, 'statements', month] as const,
      queryFn: ({ signal }) => api.get('/api/admin/statements', { signal, query: { month }, schema: z.array(AdminStatementSummaryDto) }),
    }),
};

/** The platform paid the centre what its statement of `month` shows (`amount`, integer cents). */
export const markStatementPaid = (variables: { organizationId: string; month: string; amount: number }) =>
  api.post(`/api/admin/statements/${encodeURIComponent(variables.organizationId)}/${variables.month}/paid`, { body: { amount: variables.amount } });
