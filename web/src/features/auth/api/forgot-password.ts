import { AcceptedResponse, type EmailRequest } from '@recup/command-api/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Answers 202 whether or not the address has an account. */
function requestPasswordReset(request: EmailRequest): Promise<AcceptedResponse> {
  return api.post('/api/auth/forgot-password', { body: request, schema: AcceptedResponse });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
