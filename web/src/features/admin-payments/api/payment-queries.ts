import { AdminPaymentDto, Paged } from '@recup/query-api/contracts/admin';
import { AdminRefundResponse } from '@recup/command-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../../../components/admin/admin-query-root';

const PaymentPage = Paged(AdminPaymentDto);

export const adminPaymentQueries = {
  all: () => [...adminRoot, 'payments'] as const,
  /** One page; a search goes to the spec's server-side search call (`/api/admin/payments/search?q=`). */
  page: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: [...adminPaymentQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => api.get(query.q ? '/api/admin/payments/search' : '/api/admin/payments', { signal, query, schema: PaymentPage }),
      placeholderData: (previous) => previous,
      refetchOnMount: 'always',
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...adminPaymentQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`/api/admin/payments/${encodeURIComponent(id)}`, { signal, schema: AdminPaymentDto }),
      refetchOnMount: 'always',
    }),
};

/** Refunds a SUCCEEDED payment in full, once. */
export const refundPayment = (id: string) => api.post(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { schema: AdminRefundResponse });
