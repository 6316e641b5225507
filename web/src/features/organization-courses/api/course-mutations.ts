import { CourseBatchResponse, CourseResponse, DeleteCourseResponse, type CreateCourseRequest, type UpdateCourseRequest } from '@recup/command-api/contracts/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

/** A course changed: the centre's lists and figures, and the public search, are stale (spec 001 §7). */
function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.organization }), queryClient.invalidateQueries({ queryKey: queryRoots.courses })]);
}

export function useCreateCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (course: CreateCourseRequest) => api.post('/api/courses', { body: course, schema: CourseResponse }),
    onSuccess: invalidate,
  });
}

/** `revision`: the course as read (If-Match): refused with 412 STALE_EDIT when somebody changed it since. */
export function useUpdateCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, course, revision }: { id: string; course: UpdateCourseRequest; revision?: number | undefined }) =>
      api.patch(`/api/courses/${encodeURIComponent(id)}`, { body: course, schema: CourseResponse, ifMatch: revision }),
    onSuccess: invalidate,
  });
}

export function useDeleteCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/courses/${encodeURIComponent(id)}`, { schema: DeleteCourseResponse }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

export function useCreateCourseBatch() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (courses: CreateCourseRequest[]) => api.post('/api/courses/batch', { body: courses, schema: CourseBatchResponse }),
    onSuccess: invalidate,
  });
}
