import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authQueries } from '../../../lib/current-user';

function logout(): Promise<null> {
  return api.post<null>('/api/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Mark the session anonymous first, so mounted observers of it update, then drop every other cached answer.
      const meKey = authQueries.me().queryKey;
      queryClient.setQueryData(meKey, null);
      const meHash = hashKey(meKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
    },
  });
}
