import type { ChangePasswordRequest } from '@recup/command-api/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** 204 on success; 400 `WRONG_PASSWORD` on `currentPassword` when the current password is not the right one. */
function changePassword(request: ChangePasswordRequest): Promise<null> {
  return api.post<null>('/api/users/change-password', { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
