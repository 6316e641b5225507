import { CourseResponse, type CreateCourseRequest } from '@recup/command-api/contracts/courses';
import { AdminCourseDto, AdminOrganizationDto, Paged } from '@recup/query-api/contracts/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';
import { queryRoots } from '../../../lib/query-roots';

const CoursePage = Paged(AdminCourseDto);

export const adminCourseQueries = {
  all: () => [...adminRoot, 'courses'] as const,
  page: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: [...adminCourseQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => api.get('/api/admin/courses', { signal, query, schema: CoursePage }),
      placeholderData: (previous) => previous,
      refetchOnMount: 'always',
    }),
  /** One course, found by its id (the list's search matches ids). */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...adminCourseQueries.all(), 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.get('/api/admin/courses', { signal, query: { q: id, page: 0, pageSize: 1 }, schema: CoursePage })).items.find((c) => c.id === id) ?? null,
      refetchOnMount: 'always',
    }),
  /** Every centre, for the organisation filter and the creation form (a short list: the spec's call). */
  organizations: () =>
    queryOptions({
      queryKey: [...adminRoot, 'organizations', 'all'] as const,
      queryFn: ({ signal }) => api.get('/api/admin/organizations', { signal, query: { sort: 'name', order: 'asc' }, schema: z.array(AdminOrganizationDto) }),
    }),
};

/** The spec's admin course creation (§7): created SCHEDULED, for any verified centre; every administration list refreshed. */
export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (course: CreateCourseRequest) => api.post('/api/courses', { body: { ...course, status: 'SCHEDULED' }, schema: CourseResponse }),
    onSuccess: () => Promise.all([adminRoot, queryRoots.courses, queryRoots.bookings].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Cancels the course (its bookings refunded) and takes it off the lists. */
export const deleteCourse = (id: string) => api.delete(`/api/courses/${encodeURIComponent(id)}`);
