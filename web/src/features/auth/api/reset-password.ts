import { AcceptedResponse, type ResetPasswordRequest } from '@recup/command-api/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function resetPassword(request: ResetPasswordRequest): Promise<AcceptedResponse> {
  return api.post('/api/auth/reset-password', { body: request, schema: AcceptedResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
