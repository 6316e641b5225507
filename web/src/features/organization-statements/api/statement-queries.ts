import { RevenueDto, StatementDto } from '@recup/query-api/contracts/statements';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export const statementQueries = {
  all: () => [...queryRoots.organization, 'statements'] as const,
  month: (month: string) =>
    queryOptions({
      queryKey: [...statementQueries.all(), month] as const,
      queryFn: ({ signal }) => api.get('/api/organization/statements', { signal, query: { month }, schema: StatementDto }),
    }),
  revenue: () =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'revenue'] as const,
      queryFn: ({ signal }) => api.get('/api/organization/revenue', { signal, schema: RevenueDto }),
    }),
};
