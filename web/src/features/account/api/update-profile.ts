import type { UpdateProfileRequest } from '@recup/command-api/contracts';
import { ProfileDto, type CurrentUserDto } from '@recup/query-api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/query-roots';
import { profileQueries } from './profile-queries';

/** `ifMatch`: the revision the form was read at; the save is refused (412 STALE_EDIT) when the profile changed since. */
function updateProfile(request: UpdateProfileRequest, ifMatch?: number): Promise<ProfileDto> {
  return api.patch('/api/users/profile', { body: request, schema: ProfileDto, ifMatch });
}

/** The answer is the saved profile: it replaces the cached one, and the header's name and initials follow. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ifMatch, ...request }: UpdateProfileRequest & { ifMatch?: number | undefined }) => updateProfile(request, ifMatch),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueries.mine().queryKey, profile);
      queryClient.setQueryData<CurrentUserDto | null>(currentUserKey, (user) =>
        user ? { ...user, firstName: profile.firstName, lastName: profile.lastName, language: profile.language } : user,
      );
    },
  });
}
