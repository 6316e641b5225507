import { StreamHistoryResponse, type HistoryCategory } from '@recup/command-api/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminRoot } from '../admin-query-root';

/** A record's events from the log (`GET /api/admin/history/{category}/{id}`); fetched again each time it is shown. */
export const historyQuery = (category: HistoryCategory, id: string) =>
  queryOptions({
    queryKey: [...adminRoot, 'history', category, id] as const,
    queryFn: ({ signal }) => api.get(`/api/admin/history/${category}/${encodeURIComponent(id)}`, { signal, schema: StreamHistoryResponse }),
    refetchOnMount: 'always',
  });
