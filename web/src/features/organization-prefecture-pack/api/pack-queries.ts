import { AwaitedPackDto } from '@recup/query-api/contracts/prefecture-pack';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

const PackSent = z.object({ courseId: z.string(), sentAt: z.string(), sentBy: z.string() });
export const packPath = (courseId: string) => `/api/organization/courses/${encodeURIComponent(courseId)}/prefecture-pack`;

export const packQueries = {
  awaited: () =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'prefecture-packs'] as const,
      queryFn: ({ signal }) => api.get('/api/organization/prefecture-packs', { signal, schema: z.array(AwaitedPackDto) }),
      refetchOnMount: 'always',
    }),
};

/** The centre says the pack went to the prefecture: the list of packs awaited is stale. */
export function useMarkPackSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api.post(`${packPath(courseId)}/sent`, { schema: PackSent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.organization }),
  });
}
