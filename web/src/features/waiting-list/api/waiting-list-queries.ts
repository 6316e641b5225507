import type { WaitingListEntryDto } from '@recup/query-api/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryContracts } from '../../../lib/contracts-on-demand';
import { queryRoots } from '../../../lib/query-roots';

export type WaitingListEntry = WaitingListEntryDto;

export const waitingListQueries = {
  all: () => queryRoots.waitingList,
  /** The signed-in learner's places in line (`GET /api/user/waiting-list`): fresh on every visit, as offers come and go. */
  mine: () =>
    queryOptions({
      queryKey: [...waitingListQueries.all(), 'mine'] as const,
      queryFn: ({ signal }) => api.get('/api/user/waiting-list', { signal, schema: () => queryContracts().then((contracts) => contracts.WaitingListEntryDto.array()) }),
      refetchOnMount: 'always',
    }),
};

/** The learner's place in line on one course (null when not in line); asked only for a signed-in learner. */
export function useWaitingEntry(courseId: string, enabled: boolean) {
  const query = useQuery({ ...waitingListQueries.mine(), enabled });
  return { ...query, entry: query.data?.find((entry) => entry.course.id === courseId) ?? null };
}

/** Joining or leaving changes the line, the course's figures and the searches that show it. */
function useInvalidateAfter() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.waitingList }), queryClient.invalidateQueries({ queryKey: queryRoots.courses })]);
}

export function useJoinWaitingList() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (courseId: string) =>
      api.post(`/api/courses/${encodeURIComponent(courseId)}/waiting-list`, { schema: () => import('@recup/command-api/contracts/courses').then((contracts) => contracts.JoinWaitingListResponse) }),
    onSuccess: invalidate,
  });
}

export function useLeaveWaitingList() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (courseId: string) => api.delete<unknown>(`/api/courses/${encodeURIComponent(courseId)}/waiting-list`),
    onSuccess: invalidate,
  });
}
