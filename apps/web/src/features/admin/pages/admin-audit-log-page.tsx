import { AUDIT_ACTIONS, type AuditLogItem, auditDetailsText, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { SortSelect, sortableColumns, useListSort } from '../../../shared/admin-list/sortable-header';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { type AuditLogFilters, type AuditLogSort, auditLogQuery, useAuditLogList } from '../api/audit-log';
import { ADMIN_LIST } from '../components/admin-cells';

const columns: readonly Column<AuditLogItem>[] = [
  {
    id: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (line) => formatDateTime(line.createdAt),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (line) => <span className="font-medium text-ink">{line.action}</span>,
  },
  {
    id: 'admin',
    header: 'Admin',
    cell: (line) => (
      <span className="wrap-anywhere">
        {line.admin.name}
        <span className="block text-xs text-muted">{line.admin.email}</span>
      </span>
    ),
  },
  {
    id: 'target',
    header: 'Target',
    cell: (line) =>
      line.target ? (
        <span className="wrap-anywhere">
          {line.target.name}
          <span className="block text-xs text-muted">{line.target.email}</span>
        </span>
      ) : (
        '-'
      ),
  },
  {
    id: 'details',
    header: 'Details',
    className: 'text-xs text-muted',
    cell: (line) => <span className="wrap-anywhere">{auditDetailsText(line.details) || '-'}</span>,
  },
];

const sortable: Partial<Record<string, AuditLogSort>> = { date: 'createdAt', action: 'action' };
const sortOptions = [
  { sort: 'createdAt', label: 'Date' },
  { sort: 'action', label: 'Action' },
] as const;

const noFilters: AuditLogFilters = { admin: '', action: '', target: '', from: '', to: '' };
const actionOptions = [
  { value: '', label: messages.auditAllActions },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];

/**
 * /admin-audit-log (issue 46 point 6): what every admin did, filtered by admin, action, target and
 * days on the server, sorted by date or action, 10 a page, and downloaded as CSV with the same filters.
 */
export function AdminAuditLogPage() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditLogFilters>(noFilters);
  const {
    state: sort,
    toggle,
    set: setSort,
  } = useListSort<AuditLogSort>({ sort: 'createdAt', order: 'desc' });
  const query = auditLogQuery(filters, sort);
  const log = useAuditLogList(page, query);
  const change = (key: keyof AuditLogFilters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const sortBy = (next: AuditLogSort) => {
    toggle(next);
    setPage(1);
  };
  return (
    <div>
      <PageHeader
        title={messages.auditLogTitle}
        description={messages.auditLogDescription}
        actions={<ExportCsvButton listPath="/admin/audit-log" name="audit-log" query={query} />}
      />
      <form
        aria-label="Audit log filters"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <Input
          label={messages.auditFilterAdmin}
          value={filters.admin}
          onChange={(event) => change('admin')(event.target.value)}
          placeholder="Name or email"
        />
        <Select
          label={messages.auditFilterAction}
          options={actionOptions}
          value={filters.action}
          onChange={(event) => change('action')(event.target.value)}
        />
        <Input
          label={messages.auditFilterTarget}
          value={filters.target}
          onChange={(event) => change('target')(event.target.value)}
          placeholder="Name or email"
        />
        <Input
          type="date"
          label={messages.auditFilterFrom}
          value={filters.from}
          onChange={(event) => change('from')(event.target.value)}
        />
        <Input
          type="date"
          label={messages.auditFilterTo}
          value={filters.to}
          onChange={(event) => change('to')(event.target.value)}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setFilters(noFilters);
            setPage(1);
          }}
        >
          {messages.clearFilters}
        </Button>
      </form>
      <DataTable
        label={messages.auditLogTitle}
        columns={sortableColumns(columns, sortable, sort, sortBy)}
        rows={log.data?.content}
        rowKey={(line) => line._id}
        server={{ page, total: log.data?.total ?? 0, onPageChange: setPage, filter: JSON.stringify(query) }}
        toolbar={
          <SortSelect
            options={sortOptions}
            state={sort}
            onChange={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
        }
        {...ADMIN_LIST}
        loading={log.isFetching}
        error={log.isError ? errorMessage(log.error) : undefined}
        onRetry={() => void log.refetch()}
      />
    </div>
  );
}
