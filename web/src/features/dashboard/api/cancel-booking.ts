import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

const CancelResponse = z.object({ bookingId: z.string(), status: z.literal('CANCELLED'), refundDue: z.boolean(), refund: z.enum(['REFUNDED', 'PENDING', 'NONE']) });

/** Cancels a confirmed booking; bookings, courses and course search all change with it (spec §7). */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.post(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, { schema: CancelResponse }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.bookings }), queryClient.invalidateQueries({ queryKey: queryRoots.courses })]);
    },
  });
}
