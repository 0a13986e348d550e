import type { AdminTransactionSort } from '@exchange/contracts';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { SortSelect, sortableColumns, useListSort } from '../../../shared/admin-list/sortable-header';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import {
  NO_TRANSACTION_FILTERS,
  type TransactionFilters,
  transactionQuery,
  useAdminTransactionList,
} from '../api/admin-transactions';
import { ADMIN_LIST } from '../components/admin-cells';
import { transactionColumns } from '../components/transaction-cells';
import { TransactionFilterBar } from '../components/transaction-filters';

const SORTABLE: Partial<Record<string, AdminTransactionSort>> = {
  date: 'createdAt',
  type: 'kind',
  status: 'status',
};
const SORT_OPTIONS = [
  { sort: 'createdAt' as const, label: 'Date' },
  { sort: 'kind' as const, label: 'Kind' },
  { sort: 'status' as const, label: 'Status' },
];

/**
 * /admin-transaction (issue 46 point 1): every movement the ledger vouches for (trades, swaps,
 * stakes, transfers, rewards, deposits, withdrawals, debts collected or written off), filtered by
 * kind, asset, status and UTC dates, searched and sorted on the server; 'Export CSV' downloads every
 * row of the same query, streamed by the server.
 */
export function AdminTransactionsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TransactionFilters>(NO_TRANSACTION_FILTERS);
  const sort = useListSort<AdminTransactionSort>({ sort: 'createdAt', order: 'desc' });
  const query = transactionQuery(filters, search, sort.state);
  const list = useAdminTransactionList(page, query);
  const resort = (next: AdminTransactionSort) => {
    sort.toggle(next);
    setPage(1);
  };
  return (
    <div>
      <PageHeader
        title="Transactions"
        description={list.data ? `${list.data.total} transactions` : 'Loading…'}
      />
      <div className="mb-3 flex flex-col gap-3">
        <TransactionFilterBar
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <div className="flex flex-wrap items-end justify-between gap-2">
          <SortSelect
            options={SORT_OPTIONS}
            state={sort.state}
            onChange={(next) => {
              sort.set(next);
              setPage(1);
            }}
          />
          <ExportCsvButton listPath="/admin/get-all-transaction" name="transactions" query={query} />
        </div>
      </div>
      <DataTable
        label="Transactions"
        columns={sortableColumns(transactionColumns, SORTABLE, sort.state, resort)}
        rows={list.data?.content}
        rowKey={(row) => row._id}
        server={{
          page,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          search,
          onSearch: setSearch,
          filter: JSON.stringify([filters, sort.state]),
        }}
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
    </div>
  );
}
