import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../lib/api-client';
import { adminRoot } from './admin-query-root';
import { queryRoots } from '../../lib/query-roots';
import { useToast } from '../ui/toast/use-toast';

type Toast = { title: string; description?: string };

/**
 * An administrator's change: on success its toast, and every administration list, figure and history is
 * refreshed (with the public course lists and the learners' bookings, which the change may touch); on
 * failure a toast with the server's message, or the spec's fallback (§8).
 */
export function useAdminMutation<Variables, Result>(
  run: (variables: Variables) => Promise<Result>,
  options: { success: (result: Result, variables: Variables) => Toast; failureTitle?: string; fallback?: string; onSuccess?: (result: Result) => void; onError?: (error: unknown) => void; shows?: (error: unknown) => boolean },
) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result, variables) => {
      toast({ ...options.success(result, variables), variant: 'success' });
      options.onSuccess?.(result);
      await Promise.all([adminRoot, queryRoots.courses, queryRoots.bookings].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      options.onError?.(error);
      // An error the form shows itself (a stale edit, with its reload) needs no toast besides.
      if (options.shows?.(error)) return;
      const message = serverMessageOf(error) ?? options.fallback ?? t('errorFallback');
      toast({ title: options.failureTitle ?? message, description: options.failureTitle ? message : undefined, variant: 'destructive' });
    },
  });
}
