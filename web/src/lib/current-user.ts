import type { CurrentUserDto } from '@recup/query-api/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, isApiError } from './api-client';
import { queryContracts } from './contracts-on-demand';
import { currentUserKey, queryRoots } from './query-roots';

export type CurrentUser = CurrentUserDto;

async function fetchCurrentUser(signal: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.get('/api/auth/me', { signal, schema: () => queryContracts().then((contracts) => contracts.CurrentUserDto) });
  } catch (error) {
    // 401 is not a failure here: it is how the server says "nobody is signed in".
    if (isApiError(error) && error.status === 401) return null;
    if (isApiError(error)) {
      throw new ApiError({ status: error.status, code: error.code, message: `Request failed with status ${error.status}` });
    }
    throw error;
  }
}

export const authQueries = {
  all: () => queryRoots.auth,
  me: () =>
    queryOptions({
      queryKey: currentUserKey,
      queryFn: ({ signal }) => fetchCurrentUser(signal),
    }),
};

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: CurrentUser }
  | { status: 'anonymous'; user: null };

export function useSession(): Session {
  const query = useQuery(authQueries.me());
  if (query.isPending) return { status: 'loading', user: null };
  // A failed check (server unreachable) leaves the visitor anonymous rather than stuck on a spinner.
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'anonymous', user: null };
}
