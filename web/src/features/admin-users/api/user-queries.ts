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
export const updateUser = ({ id, changes }: { id: string; changes: AdminUpdateUserRequest }) => api.patch(`/api/admin/users/${encodeURIComponent(id)}`, { body: changes, schema: AdminUserDto });
export const changeRole = ({ id, role }: { id: string; role: AdminUserDto['role'] }) => api.patch(`/api/admin/users/${encodeURIComponent(id)}/role`, { body: { role }, schema: AdminUserDto });
export const deleteUser = (id: string) => api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
