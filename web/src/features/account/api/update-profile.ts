import type { UpdateProfileRequest } from '@recup/command-api/contracts';
import { ProfileDto, type CurrentUserDto } from '@recup/query-api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/query-roots';
import { profileQueries } from './profile-queries';

export function updateProfile(request: UpdateProfileRequest): Promise<ProfileDto> {
  return api.patch('/api/users/profile', { body: request, schema: ProfileDto });
}

/** The answer is the saved profile: it replaces the cached one, and the header's name and initials follow. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueries.mine().queryKey, profile);
      queryClient.setQueryData<CurrentUserDto | null>(currentUserKey, (user) =>
        user ? { ...user, firstName: profile.firstName, lastName: profile.lastName, language: profile.language } : user,
      );
    },
  });
}
