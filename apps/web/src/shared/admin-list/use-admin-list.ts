import { useState } from 'react';
import type { ServerPaging } from '../../components/ui/data-table';
import { type ListSortState, useListSort } from './sortable-header';

/** The query a list sends the server, and its CSV link the same: sort, order and status when one is set. */
export type AdminListQuery = Readonly<Record<string, string>>;

/**
 * The state every back-office list keeps (issue 46 point 7): its page, search, status filter and
 * column sort. Changing the status or the sort goes back to page 1 (page 5 of another order is not
 * what the operator asked for); `query` is what the server reads, and `csvQuery` adds the search, so
 * the download holds exactly the rows the list matches. `status` starts at `initialStatus` ('' for
 * every status).
 */
export function useAdminList<K extends string>(initialSort: ListSortState<K>, initialStatus = '') {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatusValue] = useState(initialStatus);
  const { state: sort, toggle, set } = useListSort<K>(initialSort);
  const query: AdminListQuery = { sort: sort.sort, order: sort.order, ...(status ? { status } : {}) };
  return {
    page,
    setPage,
    search,
    status,
    sort,
    query,
    csvQuery: { search, ...query } as AdminListQuery,
    setStatus: (next: string) => {
      setStatusValue(next);
      setPage(1);
    },
    /** A header's click: sorts by its column, or turns the current one around. */
    toggleSort: (next: K) => {
      toggle(next);
      setPage(1);
    },
    /** The phone's select, or a status whose queue has its own order (pending KYC oldest first). */
    setSort: (next: ListSortState<K>) => {
      set(next);
      setPage(1);
    },
    /** The DataTable's `server` paging for a list of `total` rows, searched on the server. */
    server: (total: number): ServerPaging => ({
      page,
      total,
      onPageChange: setPage,
      search,
      onSearch: setSearch,
      filter: JSON.stringify(query),
    }),
  };
}
