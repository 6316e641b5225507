import { AdminOrganizationDto, AdminUserDto, ExpiringApprovalsResponse, Paged } from '@recup/query-api/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';

const OrganizationPage = Paged(AdminOrganizationDto);

export const adminOrganizationQueries = {
  all: () => [...adminRoot, 'organizations'] as const,
  page: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: [...adminOrganizationQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => api.get('/api/admin/organizations', { signal, query, schema: OrganizationPage }),
      placeholderData: (previous) => previous,
      refetchOnMount: 'always',
    }),
  /** The approvals that end within 90 days, or have ended (issue 20 §7). */
  expiringApprovals: () =>
    queryOptions({
      queryKey: [...adminOrganizationQueries.all(), 'approvals-expiring'] as const,
      queryFn: ({ signal }) => api.get('/api/admin/approvals/expiring', { signal, schema: ExpiringApprovalsResponse }),
      refetchOnMount: 'always',
    }),
  /** The ORGANIZATION accounts, one of which may manage a centre. */
  centreAccounts: () =>
    queryOptions({
      queryKey: [...adminRoot, 'users', 'centre-accounts'] as const,
      queryFn: ({ signal }) => api.get('/api/admin/users', { signal, query: { role: 'ORGANIZATION', sort: 'lastName', order: 'asc' }, schema: z.array(AdminUserDto) }),
    }),
};

/** Spec 001 §7: the centre's fields; the prefect approval reference is required on creation. */
export interface OrganizationInput {
  name: string;
  address: string;
  city: string;
  postalCode: string;
  email: string;
  phoneNumber: string;
  website: string | null;
  description: string | null;
  prefectApprovalReference: string;
  isVerified: boolean;
  ownerUserId: string | null;
  /** The approval's grant (`YYYY-MM-DD`, null: not known) and its last day (null: 5 years less a day after the grant). */
  approvalGrantedOn: string | null;
  approvalExpiresOn: string | null;
}

export const createOrganization = (input: OrganizationInput) => api.post('/api/admin/organizations', { body: { ...input, isVerified: true } });
/** `revision`: the centre as read (If-Match); the edit is refused (412 STALE_EDIT) when somebody changed it since. */
export const updateOrganization = ({ id, revision, ...input }: OrganizationInput & { id: string; revision?: number | undefined }) =>
  api.patch(`/api/admin/organizations/${encodeURIComponent(id)}`, { body: input, ifMatch: revision });
export const approveOrganization = (id: string) => api.post(`/api/admin/organizations/${encodeURIComponent(id)}/approve`);
/** Approves or rejects the centre's pending change of identity: the one shown (`requestId`). */
export const decideIdentityChange = (id: string, decision: 'approve' | 'reject', requestId: string) =>
  api.post(`/api/admin/organizations/${encodeURIComponent(id)}/identity-change/${decision}`, { body: { requestId } });
export const deleteOrganization = (id: string) => api.delete(`/api/admin/organizations/${encodeURIComponent(id)}`);
