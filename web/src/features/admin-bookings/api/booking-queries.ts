import { AdminBookingDto, Paged } from '@recup/query-api/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';

const BookingPage = Paged(AdminBookingDto);

export const adminBookingQueries = {
  all: () => [...adminRoot, 'bookings'] as const,
  /** One page of the list, as the server pages, sorts and filters it. */
  page: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: [...adminBookingQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => api.get('/api/admin/bookings', { signal, query, schema: BookingPage }),
      placeholderData: (previous) => previous,
      refetchOnMount: 'always',
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...adminBookingQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/api/admin/bookings/${encodeURIComponent(id)}`, { signal, schema: AdminBookingDto }),
      refetchOnMount: 'always',
    }),
};
