import { useState, type SetStateAction } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { pageCount } from './TablePager';

/** What a page turns into its request: search is trimmed and debounced ('' when empty). */
export interface PagedState<F> {
  page: number;
  limit: number;
  search: string;
  filters: F;
}

export interface PagedQueryOptions<P, D, R, F> {
  /** The request parameters for the current page, search and filters. */
  params: (state: PagedState<F>) => P;
  queryKey: (params: P) => QueryKey;
  queryFn: (params: P, signal: AbortSignal) => Promise<D>;
  /** The rows of an answer. */
  rows: (data: D) => R[];
  /** The number of rows on all pages (default: the rows of this answer). */
  total?: (data: D) => number;
  /** The page count (default: from the total and the page size). */
  pages?: (data: D, limit: number) => number;
  /** The first page size (default 10). */
  limit?: number;
  /** The first filters; changing them goes back to page 1. */
  filters?: F;
  /** How long the search text settles before it is sent (default 300 ms). */
  debounceMs?: number;
}

/** The props of `TablePager` that come from the paging state. */
export interface PagerState {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export interface PagedQuery<D, R, F> {
  data: D | undefined;
  rows: R[];
  total: number;
  pages: number;
  isPending: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  page: number;
  setPage: (page: number) => void;
  limit: number;
  /** Changes the page size and goes back to page 1. */
  setLimit: (limit: number) => void;
  /** The search text as typed. */
  search: string;
  /** The search text as sent: trimmed, after the pause. */
  debouncedSearch: string;
  /** Changes the search text and goes back to page 1. */
  setSearch: (text: string) => void;
  filters: F;
  /** Changes the filters and goes back to page 1. */
  setFilters: (next: SetStateAction<F>) => void;
  /** Ready to spread into `TablePager` (or `DataTable`'s pager) with the page sizes and noun. */
  pager: PagerState;
}

/**
 * A server-paged list: page, page size, debounced search and filters, with the previous page kept
 * on screen while the next one loads. A new search, filter or page size goes back to page 1.
 */
export function usePagedQuery<P, D, R, F = Record<string, never>>(
  options: PagedQueryOptions<P, D, R, F>,
): PagedQuery<D, R, F> {
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = useState(options.limit ?? 10);
  const [search, setSearchState] = useState('');
  const [filters, setFiltersState] = useState<F>(() => options.filters ?? ({} as F));
  const [debouncedSearch] = useDebouncedValue(search.trim(), options.debounceMs ?? 300);

  const params = options.params({ page, limit, search: debouncedSearch, filters });
  const query = useQuery({
    queryKey: options.queryKey(params),
    queryFn: ({ signal }) => options.queryFn(params, signal),
    placeholderData: keepPreviousData,
  });

  const rows = query.data === undefined ? [] : options.rows(query.data);
  const total = query.data === undefined ? 0 : (options.total?.(query.data) ?? rows.length);
  const pages =
    query.data === undefined ? 1 : (options.pages?.(query.data, limit) ?? pageCount(total, limit));

  const setLimit = (next: number) => {
    setLimitState(next);
    setPage(1);
  };
  const setSearch = (text: string) => {
    setSearchState(text);
    setPage(1);
  };
  const setFilters = (next: SetStateAction<F>) => {
    setFiltersState(next);
    setPage(1);
  };

  return {
    data: query.data,
    rows,
    total,
    pages,
    isPending: query.isPending,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    page,
    setPage,
    limit,
    setLimit,
    search,
    debouncedSearch,
    setSearch,
    filters,
    setFilters,
    pager: { page, pages, total, limit, onPage: setPage, onLimit: setLimit },
  };
}
