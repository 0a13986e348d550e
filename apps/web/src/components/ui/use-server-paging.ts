import { useState } from 'react';
import type { ServerPaging } from './server-paging';

/**
 * The page and search term a list asks its server for, and the DataTable's server paging for the
 * total that came back: a new term goes back to page 1.
 */
export function useServerPaging() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const server = (total: number | undefined): ServerPaging => ({
    page,
    total: total ?? 0,
    onPageChange: setPage,
    search,
    onSearch: setSearch,
  });
  return { query: { page, search }, server };
}
