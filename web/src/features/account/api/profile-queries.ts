import { ProfileDto } from '@recup/query-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export const profileQueries = {
  all: () => queryRoots.profile,
  mine: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'mine'] as const,
      queryFn: ({ signal }) => api.get('/api/users/profile', { signal, schema: ProfileDto }),
    }),
};
