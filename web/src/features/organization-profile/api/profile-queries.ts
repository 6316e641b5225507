import { OrganizationDto, type OrganizationProfileRequest } from '@recup/command-api/contracts/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export const centreProfileQueries = {
  /** The centre's profile, or null when the account has registered none yet (the form then registers it). */
  profile: () =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'profile'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await api.get('/api/organization/profile', { signal, schema: OrganizationDto });
        } catch (error) {
          if (isApiError(error) && error.code === 'ORGANIZATION_NOT_REGISTERED') return null;
          throw error;
        }
      },
    }),
};

/**
 * Saves the centre's details, or registers the centre (pending verification); every centre read changes. `ifMatch`:
 * the revision the form was read at; the save is refused (412 STALE_EDIT) when somebody changed the centre since.
 */
export function useSaveCentreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ifMatch, ...profile }: OrganizationProfileRequest & { ifMatch?: number | undefined }) =>
      api.patch('/api/organization/profile', { body: profile, schema: OrganizationDto, ifMatch }),
    onSuccess: (saved) => {
      queryClient.setQueryData(centreProfileQueries.profile().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryRoots.organization });
    },
  });
}
