import { AcceptedResponse, type RegisterRequest } from '@recup/command-api/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Answers 202 whether or not the address already has an account: what differs goes to its owner by e-mail. */
function register(request: RegisterRequest): Promise<AcceptedResponse> {
  return api.post('/api/auth/register', { body: request, schema: AcceptedResponse });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
