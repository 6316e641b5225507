import { BookingDto } from '@recup/query-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

export type Booking = BookingDto;

const BookingList = z.array(BookingDto);

export const bookingQueries = {
  all: () => queryRoots.bookings,
  mine: () =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'mine'] as const,
      queryFn: ({ signal }) => api.get('/api/user/bookings', { signal, schema: BookingList }),
      // The one list that must be fresh on every visit: it changes with each booking and payment.
      refetchOnMount: 'always',
    }),
};
