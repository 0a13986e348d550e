import { messages, type ReserveReportSummary } from '@exchange/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMakeReserveReport } from '../api/make-reserve-report';
import { useReserveReports } from '../api/reserves-api';

const columns: readonly Column<ReserveReportSummary>[] = [
  { id: 'seq', header: '#', cell: (row) => <span className="tabular-nums">{row.seq}</span> },
  { id: 'date', header: messages.reservesDate, cell: (row) => formatDateTime(row.created_at) },
  {
    id: 'trigger',
    header: messages.reservesTrigger,
    cell: (row) =>
      row.trigger === 'ADMIN' ? messages.reservesTriggerAdmin : messages.reservesTriggerSchedule,
  },
  {
    id: 'root',
    header: messages.reservesRoot,
    cell: (row) => (
      <span className="font-mono text-xs" title={row.root_hash}>
        {row.root_hash.slice(0, 12)}…
      </span>
    ),
  },
  {
    id: 'ratios',
    header: messages.reservesRatio,
    cell: (row) => (
      <span className="text-xs tabular-nums">
        {row.lines
          .filter((line) => line.ratio !== null)
          .map((line) => `${line.asset} ${line.ratio}`)
          .join(' · ') || '—'}
      </span>
    ),
  },
];

/**
 * Proof of reserves on the admin dashboard (issue 49): the latest reports and 'Make a report now',
 * which asks first (a report is published and kept for ever), shows that it is working, and lists the
 * new report on top once the server has made it.
 */
export function AdminReserveReports() {
  const reports = useReserveReports(1);
  const make = useMakeReserveReport();
  const [asking, setAsking] = useState(false);
  const onConfirm = async () => {
    try {
      const made = await make.mutateAsync();
      toast.success(messages.reservesMade.replace('{seq}', String(made.data.seq)));
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
  return (
    <Card
      title={messages.reservesTitle}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Link to={paths.reserves} className="text-sm font-medium text-accent hover:underline">
            {messages.reservesPublicLink}
          </Link>
          <Button
            size="sm"
            loading={make.isPending}
            loadingText={messages.reservesMaking}
            onClick={() => setAsking(true)}
          >
            {messages.reservesMakeNow}
          </Button>
        </div>
      }
    >
      <DataTable
        label={messages.reservesRecent}
        columns={columns}
        rows={reports.data?.content.slice(0, 5)}
        rowKey={(row) => row._id}
        loading={reports.isPending}
        error={reports.isError ? errorMessage(reports.error) : undefined}
        onRetry={() => void reports.refetch()}
        emptyMessage={messages.reservesNone}
        searchable={false}
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={messages.reservesMakeQuestion}
        description={messages.reservesMakeExplained}
        confirmLabel={messages.reservesMakeNow}
        busyText={messages.reservesMaking}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
