import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '@recup/infra/http/language';
import { requireUser } from '@recup/infra/http/sessions';
import type { Filter, ReadStore } from '@recup/infra/read-store/port';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { AdminCourseDto, Paged } from '../contracts/admin';
import { AdminCoursesQuery } from '../contracts/admin-queries';
import type { CourseStatus } from '../contracts';
import { toCourseDto } from '../courses/course-view';
import type { QueryApiDeps } from '../deps';
import { courseOrganizations, organizationOf } from '../organization-names';
import { exportFormat, exportList, idsOf, listOrPage, listSort, searchPattern } from './admin-lists';
import { EXPORT_LABELS } from './export-labels';

type Query = z.output<typeof AdminCoursesQuery>;

/** A status as the clock makes it (see courseStatus), as a filter on the stored dates. */
function statusFilter(status: CourseStatus, now: string): Filter {
  switch (status) {
    case 'CANCELLED':
      return { cancelled: true };
    case 'SCHEDULED':
      return { cancelled: false, startDate: { $gt: now } };
    case 'IN_PROGRESS':
      return { cancelled: false, startDate: { $lte: now }, endDate: { $gt: now } };
    case 'COMPLETED':
      return { cancelled: false, endDate: { $lte: now } };
  }
}

async function courseFilter(readStore: ReadStore, query: Query, now: Date): Promise<Filter> {
  // A course of a batch shows once its whole batch is published; a deleted course stays, cancelled, for the record.
  const filter: Filter = { ...PUBLISHED_COURSES, ...(query.status ? statusFilter(query.status, now.toISOString()) : {}) };
  if (query.organizationId) filter.organizationId = query.organizationId;
  if (query.q) {
    const organizations = await idsOf(readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION), { name: searchPattern(query.q) });
    filter.$or = [
      { _id: query.q },
      { title: searchPattern(query.q) },
      { titleEn: searchPattern(query.q) },
      { city: searchPattern(query.q) },
      { postalCode: searchPattern(query.q) },
      { organizationId: { $in: organizations } },
    ];
  }
  return filter;
}

const SORT_FIELDS = { startDate: 'startDate', title: 'title', price: 'price', createdAt: 'scheduledAt' } as const;

/** Every course of every centre for the administrators (spec 001 §2 /admin/courses), cancelled ones included. */
export async function adminCourseRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const courses = deps.readStore.collection<CourseDocument>(COURSES_COLLECTION);

  async function toRows(docs: CourseDocument[]) {
    const organizations = await courseOrganizations(deps.readStore, docs.map((c) => c.organizationId));
    const now = deps.clock.now();
    return docs.map((course) => ({ ...toCourseDto(course, organizationOf(organizations, course.organizationId), now, null, deps.refundCutoffHours, deps.waitlistOfferHours), createdAt: course.scheduledAt }));
  }
  const sortOf = (query: Query) => listSort(SORT_FIELDS[query.sort ?? 'startDate'], query.order ?? (query.sort ? 'asc' : 'desc'));

  api.get('/api/admin/courses', { schema: { querystring: AdminCoursesQuery, response: { 200: z.union([z.array(AdminCourseDto), Paged(AdminCourseDto)]) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const filter = await courseFilter(deps.readStore, request.query, deps.clock.now());
    return listOrPage(courses, filter, sortOf(request.query), request.query, toRows);
  });

  api.get('/api/admin/courses/export', { schema: { querystring: AdminCoursesQuery } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const f = exportFormat(languageOf(request));
    const t = EXPORT_LABELS[f.lang];
    const filter = await courseFilter(deps.readStore, request.query, deps.clock.now());
    return exportList(reply, 'courses_export.csv', t.courses, f, courses, filter, sortOf(request.query), toRows, (c) => [
      c.id, c.title, c.organization.name, c.address, c.city, c.postalCode, c.department, f.dateTime(c.startDate), f.dateTime(c.endDate),
      f.euros(c.price), c.spotsLeft, c.totalSpots, c.antsNumber, t.courseStatus[c.status], f.dateTime(c.createdAt),
    ]);
  });
}
