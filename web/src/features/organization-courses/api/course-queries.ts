import { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

const CourseList = z.array(OrganizationCourseDto);

export const centreCourseQueries = {
  all: () => [...queryRoots.organization, 'courses'] as const,
  list: () =>
    queryOptions({
      queryKey: centreCourseQueries.all(),
      queryFn: ({ signal }) => api.get('/api/organization/courses', { signal, schema: CourseList }),
    }),
};
