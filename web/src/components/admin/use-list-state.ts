import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface ListState<F extends string> {
  page: number;
  pageSize: number;
  sort: string | null;
  order: 'asc' | 'desc' | null;
  q: string;
  filters: Record<F, string>;
  /** The record whose detail is open. */
  detail: string | null;
}

const whole = (text: string | null, fallback: number) => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
};

/**
 * A list's page, order, search, filters and open detail, kept in the address: Back and Forward restore them,
 * and a link (from a booking to its payment) opens the other list on one record.
 */
export function useListState<F extends string>(filterKeys: readonly F[], detailKey: string) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState<F>>(() => {
    const size = whole(params.get('pageSize'), DEFAULT_PAGE_SIZE);
    const order = params.get('order');
    return {
      page: whole(params.get('page'), 0),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: params.get('sort'),
      order: order === 'asc' || order === 'desc' ? order : null,
      q: params.get('q') ?? '',
      filters: Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<F, string>,
      detail: params.get(detailKey),
    };
  }, [params, filterKeys, detailKey]);

  // The address as last asked for. React Router hands a functional update the parameters of the last render, not
  // those of an update still on its way (it renders navigations as transitions): a search followed at once by a
  // filter would lose the search. Each change builds on the one before it; a navigation from elsewhere (Back)
  // resets it once rendered.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (resetPage) next.delete('page');
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return {
    state,
    setPage: (page: number, pageSize: number) => update({ page: page || null, pageSize: pageSize === DEFAULT_PAGE_SIZE ? null : pageSize }),
    setSort: (sort: string | null, order: 'asc' | 'desc' | null) => update({ sort, order }, true),
    setSearch: (q: string) => update({ q: q.trim() }, true),
    setFilter: (key: F, value: string) => update({ [key]: value }, true),
    reset: () => update({ q: null, sort: null, order: null, ...Object.fromEntries(filterKeys.map((key) => [key, null])) }, true),
    openDetail: (id: string) => update({ [detailKey]: id }),
    closeDetail: () => update({ [detailKey]: null }),
  };
}

/** What a list call sends: the page, the order and the filters that are set. */
export function listQuery<F extends string>(state: ListState<F>): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page, pageSize: state.pageSize };
  if (state.sort) query.sort = state.sort;
  if (state.order) query.order = state.order;
  if (state.q) query.q = state.q;
  for (const [key, value] of Object.entries(state.filters)) if (value) query[key] = value as string;
  return query;
}
