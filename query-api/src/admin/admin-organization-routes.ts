import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import type { Filter } from '@recup/infra/read-store/port';
import { LIVE_ORGANIZATIONS, ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { APPROVAL_EXPIRING_WITHIN_DAYS, approvalExpired, approvalExpiringSoon, daysUntilApprovalEnds, streams } from '@recup/shared-events';
import { streamRevision } from '../stream-revision';
import { AdminOrganizationDto, ExpiringApprovalsResponse, Paged } from '../contracts/admin';
import { AdminOrganizationsQuery } from '../contracts/admin-queries';
import type { QueryApiDeps } from '../deps';
import { byId, exportFormat, exportList, listOrPage, listSort, searchPattern } from './admin-lists';
import { EXPORT_LABELS } from './export-labels';

type Query = z.output<typeof AdminOrganizationsQuery>;

/** A deleted centre shows in no list (its name stays on its past bookings and its history). */
function organizationFilter(query: Query): Filter {
  const filter: Filter = { ...LIVE_ORGANIZATIONS };
  if (query.verified) filter.isVerified = query.verified === 'true';
  if (query.pendingChange) filter.pendingIdentityChange = { $ne: null };
  if (query.q) {
    filter.$or = ['name', 'city', 'postalCode', 'email', 'prefectApprovalReference'].map((field) => ({ [field]: searchPattern(query.q!) }));
  }
  return filter;
}

const SORT_FIELDS = { name: 'name', createdAt: 'createdAt' } as const;
const sortOf = (query: Query) => listSort(SORT_FIELDS[query.sort ?? 'createdAt'], query.order ?? (query.sort ? 'asc' : 'desc'));

/** Every training centre for the administrators (spec 001 §2 /admin/organizations), with the account that manages it. */
export async function adminOrganizationRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const organizations = deps.readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);

  async function toRows(docs: OrganizationDocument[]): Promise<AdminOrganizationDto[]> {
    const owners = await byId(deps.readStore.collection<UserDocument>(USERS_COLLECTION), docs.flatMap((o) => (o.ownerUserId ? [o.ownerUserId] : [])));
    return docs.map((o) => {
      const owner = o.ownerUserId ? owners.get(o.ownerUserId) : undefined;
      return {
        id: o._id, name: o.name, address: o.address, city: o.city, postalCode: o.postalCode, email: o.email, phoneNumber: o.phoneNumber, website: o.website,
        description: o.description, descriptionEn: o.descriptionEn, prefectApprovalReference: o.prefectApprovalReference, isVerified: o.isVerified, createdAt: o.createdAt,
        owner: owner ? { id: owner._id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email } : null,
        pendingIdentityChange: o.pendingIdentityChange ?? null, verificationWithdrawnAt: o.verificationWithdrawnAt ?? null,
        approvalGrantedOn: o.approvalGrantedOn ?? null, approvalExpiresOn: o.approvalExpiresOn ?? null,
        revision: streamRevision(o, streams.organization(o._id)),
      };
    });
  }

  api.get('/api/admin/organizations', { schema: { querystring: AdminOrganizationsQuery, response: { 200: z.union([z.array(AdminOrganizationDto), Paged(AdminOrganizationDto)]) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    return listOrPage(organizations, organizationFilter(request.query), sortOf(request.query), request.query, toRows);
  });

  /** Issue 20 §7: the approvals that end within 90 days or have ended, soonest first, so that none lapses unseen. */
  api.get('/api/admin/approvals/expiring', { schema: { response: { 200: ExpiringApprovalsResponse } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const now = deps.clock.now();
    const docs = await organizations.find({ ...LIVE_ORGANIZATIONS, approvalExpiresOn: { $ne: null } });
    const approvals = docs
      .filter((o) => approvalExpiringSoon(o.approvalExpiresOn, now))
      .map((o) => ({
        organizationId: o._id, name: o.name, city: o.city, email: o.email, isVerified: o.isVerified, prefectApprovalReference: o.prefectApprovalReference,
        approvalGrantedOn: o.approvalGrantedOn ?? null, approvalExpiresOn: o.approvalExpiresOn!, daysLeft: daysUntilApprovalEnds(o.approvalExpiresOn!, now), expired: approvalExpired(o.approvalExpiresOn, now),
      }))
      .sort((a, b) => a.approvalExpiresOn.localeCompare(b.approvalExpiresOn) || a.name.localeCompare(b.name));
    return { withinDays: APPROVAL_EXPIRING_WITHIN_DAYS, approvals };
  });

  api.get('/api/admin/organizations/export', { schema: { querystring: AdminOrganizationsQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const f = exportFormat(languageOf(request));
    const t = EXPORT_LABELS[f.lang];
    return exportList(reply, 'organizations_export.csv', t.organizations, f, organizations, organizationFilter(request.query), sortOf(request.query), toRows, (o) => [
      o.id, o.name, o.address, o.city, o.postalCode, o.email, o.phoneNumber, o.website, o.prefectApprovalReference, o.isVerified ? t.verified : t.pending,
      f.dateTime(o.createdAt), o.owner?.email ?? '',
    ]);
  });
}
