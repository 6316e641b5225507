import { SellerIdentityDto } from '@recup/query-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Who sells and invoices: the same identity the invoices carry (`GET /api/legal/seller`). */
export const sellerQuery = () =>
  queryOptions({
    queryKey: ['legal', 'seller'] as const,
    queryFn: ({ signal }) => api.get('/api/legal/seller', { signal, schema: SellerIdentityDto }),
  });
