import { useState } from 'react';
import type { ServerPaging } from '../../components/ui/data-table';
import type { HistoryPageQuery } from './api/history-page-query';

/**
 * The page and search term a history tab asks the server for, and the table's server paging for a
 * given total: a new term goes back to page 1.
 */
export function useHistoryPaging() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query: HistoryPageQuery = { page, search };
  const server = (total: number | undefined): ServerPaging => ({
    page,
    total: total ?? 0,
    onPageChange: setPage,
    search,
    onSearch: setSearch,
  });
  return { query, server };
}
