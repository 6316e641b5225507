import { AcceptedResponse } from '@recup/command-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Using the link spends the token, so the page must call once. A query does that: StrictMode's second mount finds
 * the call under way. Its signal is deliberately not passed on: a consumed signal would cancel the call when
 * StrictMode unmounts, and the remount would call again.
 */
export const emailVerificationQueries = {
  all: () => ['email-verification'] as const,
  byToken: (token: string) =>
    queryOptions({
      queryKey: [...emailVerificationQueries.all(), token] as const,
      queryFn: () => api.get('/api/auth/verify-email', { query: { token }, schema: AcceptedResponse }),
      gcTime: Number.POSITIVE_INFINITY,
    }),
};
