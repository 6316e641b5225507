import { MoveBookingResponse, type MoveBookingRequest } from '@recup/command-api/contracts/moves';
import { TransferOptionsDto } from '@recup/query-api/contracts/moves';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-roots';
import { adminRoot } from '../admin/admin-query-root';

/** Where a booking may move: under the bookings' root, since every booking change makes it stale. */
export const transferOptionsQuery = (bookingId: string, department: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.bookings, bookingId, 'transfer-options', department ?? 'all'] as const,
    queryFn: ({ signal }) => api.get(`/api/bookings/${encodeURIComponent(bookingId)}/transfer-options`, { signal, query: { department }, schema: TransferOptionsDto }),
    refetchOnMount: 'always',
  });

/** Moves a booking; the learner's bookings, the courses' places, the centre's and the administrators' lists all change with it. */
export function useMoveBooking(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MoveBookingRequest) => api.post(`/api/bookings/${encodeURIComponent(bookingId)}/transfer`, { body: request, schema: MoveBookingResponse }),
    onSuccess: async () => {
      await Promise.all([queryRoots.bookings, queryRoots.courses, queryRoots.organization, adminRoot].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
