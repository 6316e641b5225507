import { AdminStatsDto } from '@recup/query-api/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';

export const statsQuery = () =>
  queryOptions({
    queryKey: [...adminRoot, 'stats'] as const,
    queryFn: ({ signal }) => api.get('/api/admin/stats', { signal, schema: AdminStatsDto }),
    refetchOnMount: 'always',
  });
