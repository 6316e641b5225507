import { type LoginRequest } from '@recup/command-api/contracts';
import { CurrentUserDto } from '@recup/query-api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authQueries, type CurrentUser } from '../../../lib/current-user';

function login(request: LoginRequest): Promise<CurrentUser> {
  return api.post('/api/auth/login', { body: request, schema: CurrentUserDto });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(authQueries.me().queryKey, user);
    },
  });
}
