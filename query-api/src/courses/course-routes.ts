import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import { CourseDto, CourseSearchQuery } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { organizationNames, organizationOf } from '../organization-names';
import { searchCourses } from './course-search';
import { toCourseDto } from './course-view';

export async function courseRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/courses/search', { schema: { querystring: CourseSearchQuery.loose(), response: { 200: z.array(CourseDto) } } }, async (request) => {
    const now = deps.clock.now();
    const hits = await searchCourses(deps.readStore, request.query, now);
    const names = await organizationNames(deps.readStore, hits.map((hit) => hit.course.organizationId));
    return hits.map(({ course, distanceKm }) => toCourseDto(course, organizationOf(names, course.organizationId), now, distanceKm));
  });

  api.get('/api/courses/:id', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: CourseDto } } }, async (request) => {
    const course = await deps.readStore.collection<CourseDocument>(COURSES_COLLECTION).findOne({ _id: request.params.id, ...PUBLISHED_COURSES });
    if (!course) throw new HttpProblem(404, 'COURSE_NOT_FOUND', { fr: 'Stage introuvable.', en: 'Course not found.' });
    const names = await organizationNames(deps.readStore, [course.organizationId]);
    return toCourseDto(course, organizationOf(names, course.organizationId), deps.clock.now());
  });
}
