import { OrganizationBookingDto, OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export type CentreBooking = OrganizationBookingDto;

export const centreBookingQueries = {
  all: () => [...queryRoots.organization, 'bookings'] as const,
  list: (courseId: string | null) =>
    queryOptions({
      queryKey: [...centreBookingQueries.all(), { courseId }] as const,
      queryFn: ({ signal }) => api.get('/api/organization/bookings', { signal, query: { courseId }, schema: z.array(OrganizationBookingDto) }),
      refetchOnMount: 'always',
    }),
  /** The centre's courses, for the course selector. */
  courses: () =>
    queryOptions({
      queryKey: [...queryRoots.organization, 'courses'] as const,
      queryFn: ({ signal }) => api.get('/api/organization/courses', { signal, schema: z.array(OrganizationCourseDto) }),
    }),
};

const ApproveResponse = z.object({ bookingId: z.string(), status: z.literal('CONFIRMED') });

/** The centre confirms a PENDING booking (irreversible); its lists and figures change with it. */
export function useApproveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.post(`/api/bookings/${encodeURIComponent(bookingId)}/approve`, { schema: ApproveResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.organization }),
  });
}
