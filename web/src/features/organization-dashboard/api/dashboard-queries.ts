import { OrganizationDashboardDto } from '@recup/query-api/contracts/organization';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export const centreDashboardQueries = {
  figures: () =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'dashboard'] as const,
      queryFn: ({ signal }) => api.get('/api/organization/dashboard', { signal, schema: OrganizationDashboardDto }),
      refetchOnMount: 'always',
    }),
};
