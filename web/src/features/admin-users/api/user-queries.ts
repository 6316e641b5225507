import type { AdminCreateUserRequest, AdminUpdateUserRequest } from '@recup/command-api/contracts';
import { AdminUserDto, Paged } from '@recup/query-api/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';

const UserPage = Paged(AdminUserDto);

export const adminUserQueries = {
  all: () => [...adminRoot, 'users'] as const,
  page: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: [...adminUserQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => api.get('/api/admin/users', { signal, query, schema: UserPage }),
      placeholderData: (previous) => previous,
      refetchOnMount: 'always',
    }),
};

export const createUser = (input: AdminCreateUserRequest) => api.post('/api/admin/users', { body: input, schema: AdminUserDto });
/** `revision`: the account as read (If-Match); the edit is refused (412 STALE_EDIT) when somebody changed it since. */
export const updateUser = ({ id, changes, revision }: { id: string; changes: AdminUpdateUserRequest; revision?: number | undefined }) =>
  api.patch(`/api/admin/users/${encodeURIComponent(id)}`, { body: changes, schema: AdminUserDto, ifMatch: revision });
export const changeRole = ({ id, role, revision }: { id: string; role: AdminUserDto['role']; revision?: number | undefined }) =>
  api.patch(`/api/admin/users/${encodeURIComponent(id)}/role`, { body: { role }, schema: AdminUserDto, ifMatch: revision });
export const deleteUser = (id: string) => api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
