import { BookingDto } from '@recup/query-api/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

/** The paid booking as the success view recaps it: the learner's own bookings, this one picked out. */
export const paidBookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...queryRoots.bookings, 'paid', bookingId] as const,
    queryFn: async ({ signal }) => {
      const bookings = await api.get('/api/user/bookings', { signal, schema: z.array(BookingDto) });
      return bookings.find((booking) => booking.id === bookingId) ?? null;
    },
  });

export function usePaidBooking(bookingId: string, enabled: boolean) {
  return useQuery({ ...paidBookingQuery(bookingId), enabled });
}
