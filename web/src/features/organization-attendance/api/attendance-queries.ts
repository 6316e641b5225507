import { NameFacilitatorsResponse, RecordAttendanceResponse, type RecordAttendanceRequest } from '@recup/command-api/contracts/attendance';
import { CourseAttendanceDto } from '@recup/query-api/contracts/attendance';
import type { Facilitator } from '@recup/shared-events/courses/attendance';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

const path = (courseId: string) => `/api/organization/courses/${encodeURIComponent(courseId)}`;

export const attendanceQueries = {
  course: (courseId: string) =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'attendance', courseId] as const,
      queryFn: ({ signal }) => api.get(`${path(courseId)}/attendance`, { signal, schema: CourseAttendanceDto }),
    }),
};

/** Attendance or facilitators changed: the course's sheet, its bookings and the centre's lists are stale. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryRoots.organization });
}

export function useRecordAttendance(courseId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RecordAttendanceRequest) => api.put(`${path(courseId)}/attendance`, { body, schema: RecordAttendanceResponse }),
    onSuccess: invalidate,
  });
}

export function useNameFacilitators(courseId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (facilitators: Facilitator[]) => api.put(`${path(courseId)}/facilitators`, { body: { facilitators }, schema: NameFacilitatorsResponse }),
    onSuccess: invalidate,
  });
}
