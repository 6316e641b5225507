import { AcceptedResponse, type EmailRequest } from '@recup/command-api/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Answers 202 whether or not the address has an unverified account. */
function resendVerification(request: EmailRequest): Promise<AcceptedResponse> {
  return api.post('/api/auth/resend-verification', { body: request, schema: AcceptedResponse });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
