import type { CourseDto } from '@recup/query-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryContracts } from '../../../lib/contracts-on-demand';
import { queryRoots } from '../../../lib/query-roots';
import { PAGE_SIZE } from '../utils/pagination';
import type { CourseSearchParams } from '../utils/search-params';

export type Course = CourseDto;

export const courseQueries = {
  all: () => queryRoots.courses,
  searches: () => [...courseQueries.all(), 'search'] as const,
  /** One page of the courses found (the server pages them: a search may find thousands), with their total. */
  search: (params: CourseSearchParams, page = 1, pageSize = PAGE_SIZE) =>
    queryOptions({
      queryKey: [...courseQueries.searches(), params, page, pageSize] as const,
      queryFn: ({ signal }) =>
        api.get('/api/courses/search', {
          signal,
          schema: () => queryContracts().then((contracts) => contracts.CourseSearchPage),
          query: {
            page,
            pageSize,
            location: params.location,
            department: params.department,
            startDate: params.startDate,
            endDate: params.endDate,
            weekend: params.weekend ? 'true' : undefined,
            maxPrice: params.maxPrice,
            maxDistance: params.maxDistance,
            sort: params.sort,
          },
        }),
    }),
  /** Each city with upcoming courses: the links to the city pages (the course list searched around each). */
  cities: () =>
    queryOptions({
      queryKey: [...courseQueries.all(), 'cities'] as const,
      queryFn: ({ signal }) => api.get('/api/courses/cities', { signal, schema: () => queryContracts().then((contracts) => contracts.CourseCitiesDto) }),
    }),
  details: () => [...courseQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...courseQueries.details(), id] as const,
      queryFn: ({ signal }) => api.get(`/api/courses/${encodeURIComponent(id)}`, { signal, schema: () => queryContracts().then((contracts) => contracts.CourseDto) }),
    }),
};
