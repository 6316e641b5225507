import { RecordCentrePaymentResponse, type RecordCentrePaymentRequest } from '@recup/command-api/contracts/centre-payments';
import { CourseWaitingListEntryDto, OrganizationBookingDto, OrganizationCourseDto } from '@recup/query-api/contracts/organization';
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
  /** Who waits for a place on one of the centre's courses, first in line first. */
  waitingList: (courseId: string) =>
    queryOptions({
      queryKey: [...centreBookingQueries.all(), 'waiting-list', courseId] as const,
      queryFn: ({ signal }) => api.get(`/api/organization/courses/${encodeURIComponent(courseId)}/waiting-list`, { signal, schema: z.array(CourseWaitingListEntryDto) }),
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

/** The centre records the money it received for a booking it confirmed unpaid; its lists and figures change with it. */
export function useRecordCentrePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, received }: { bookingId: string; received: RecordCentrePaymentRequest }) =>
      api.post(`/api/bookings/${encodeURIComponent(bookingId)}/payment-received`, { body: received, schema: RecordCentrePaymentResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.organization }),
  });
}
