import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import type { Filter } from '@recup/infra/read-store/port';
import { parisDay } from '@recup/infra/time/paris';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { everyWordIn, exportFormat, exportList, listOrPage, listSort } from '../admin/admin-lists';
import { EXPORT_LABELS } from '../admin/export-labels';
import { AdminUserDto } from '../contracts';
import { streamRevision } from '../stream-revision';
import { streams } from '@recup/shared-events';
import { Paged } from '../contracts/admin';
import { AdminUsersQuery } from '../contracts/admin-queries';
import type { QueryApiDeps } from '../deps';

type Query = z.output<typeof AdminUsersQuery>;

function userFilter(query: Query): Filter {
  return { ...(query.role ? { role: query.role } : {}), ...(query.q ? everyWordIn(query.q, ['firstName', 'lastName', 'email']) : {}) };
}

const SORT_FIELDS = { createdAt: 'createdAt', lastName: 'lastName', email: 'email', role: 'role' } as const;
const sortOf = (query: Query) => listSort(SORT_FIELDS[query.sort ?? 'createdAt'], query.order ?? (query.sort ? 'asc' : 'desc'));

const toRows = async (users: UserDocument[]): Promise<AdminUserDto[]> =>
  users.map((u) => ({
    id: u._id, email: u.email, firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber, role: u.role,
    language: u.language, isVerified: u.isVerified, createdAt: u.createdAt, revision: streamRevision(u, streams.user(u._id)),
  }));

export async function adminUserRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const users = deps.readStore.collection<UserDocument>(USERS_COLLECTION);

  /**
   * Every account, newest first (spec 001 §2: searched by first name, last name or e-mail, filtered by role).
   * Without paging parameters, the spec's whole array.
   */
  api.get('/api/admin/users', { schema: { querystring: AdminUsersQuery, response: { 200: z.union([z.array(AdminUserDto), Paged(AdminUserDto)]) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    return listOrPage(users, userFilter(request.query), sortOf(request.query), request.query, toRows);
  });

  /** Every account matching the filters, as `users_export_{date}.csv` (the Paris date of the export, ISO). */
  api.get('/api/admin/users/export', { schema: { querystring: AdminUsersQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const f = exportFormat(languageOf(request));
    const t = EXPORT_LABELS[f.lang];
    return exportList(reply, `users_export_${parisDay(deps.clock.now())}.csv`, t.users, f, users, userFilter(request.query), sortOf(request.query), toRows, (u) => [
      u.id, u.firstName, u.lastName, u.email, u.phoneNumber, t.role[u.role], u.language, u.isVerified ? t.verified : t.notVerified, f.dateTime(u.createdAt),
    ]);
  });
}
