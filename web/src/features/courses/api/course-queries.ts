import { CourseDto } from '@recup/query-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import type { CourseSearchParams } from '../utils/search-params';

export type Course = CourseDto;

const CourseList = z.array(CourseDto);

export const courseQueries = {
  all: () => queryRoots.courses,
  searches: () => [...courseQueries.all(), 'search'] as const,
  search: (params: CourseSearchParams) =>
    queryOptions({
      queryKey: [...courseQueries.searches(), params] as const,
      queryFn: ({ signal }) =>
        api.get('/api/courses/search', {
          signal,
          schema: CourseList,
          query: {
            location: params.location,
            department: params.department,
            startDate: params.startDate,
            endDate: params.endDate,
            weekend: params.weekend ? 'true' : undefined,
            maxPrice: params.maxPrice,
            maxDistance: params.maxDistance,
          },
        }),
    }),
  details: () => [...courseQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...courseQueries.details(), id] as const,
      queryFn: ({ signal }) => api.get(`/api/courses/${encodeURIComponent(id)}`, { signal, schema: CourseDto }),
    }),
};
