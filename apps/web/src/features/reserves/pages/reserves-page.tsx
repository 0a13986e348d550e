import { messages as m, type ReserveReportSummary } from '@exchange/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonText } from '../../../components/ui/skeleton';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { RESERVES_PAGE_SIZE, useReserveReport, useReserveReports } from '../api/reserves-api';
import { AddressProofs } from '../components/address-proofs';
import { ReportLines } from '../components/report-lines';
import { VerifyBalances } from '../components/verify-balances';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function Hash({ label, value }: { readonly label: string; readonly value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="break-all font-mono text-xs text-ink">{value ?? '—'}</dd>
    </div>
  );
}

/**
 * Proof of reserves (issue 49): the chosen report (the latest by default) with its liabilities, proven
 * assets and ratios per asset, the addresses with their signatures, 'Verify my balances' for a signed-in
 * customer, and the list of past reports. Open to visitors: the reports carry no customer data.
 */
export function ReservesPage() {
  const session = useSession();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const reports = useReserveReports(page);
  const latestId = reports.data?.content[0]?._id;
  const reportId = chosen ?? latestId;
  const report = useReserveReport(reportId);

  if (reports.isPending)
    return (
      <Shell>
        <SkeletonText lines={6} />
      </Shell>
    );
  if (reports.isError)
    return (
      <Shell>
        <ErrorState message={m.reservesLoadFailed} onRetry={() => void reports.refetch()} />
      </Shell>
    );
  if (reports.data.total === 0)
    return (
      <Shell>
        <EmptyState message={m.reservesNone} />
      </Shell>
    );

  const pages = Math.max(1, Math.ceil(reports.data.total / RESERVES_PAGE_SIZE));
  return (
    <Shell>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title={report.data ? reportTitle(report.data, latestId) : m.reservesLatest}>
            {report.isPending ? (
              <SkeletonText lines={5} />
            ) : report.isError ? (
              <ErrorState message={m.reservesLoadFailed} onRetry={() => void report.refetch()} />
            ) : (
              <div className="space-y-5">
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Hash label={m.reservesRoot} value={report.data.root_hash} />
                  <Hash label={m.reservesReportHash} value={report.data.report_hash} />
                  <Hash label={m.reservesPrevious} value={report.data.previous_hash} />
                  <div>
                    <dt className="text-xs text-muted">Customers in the tree</dt>
                    <dd className="text-sm text-ink">{report.data.leaf_count}</dd>
                  </div>
                </dl>
                <ReportLines report={report.data} />
              </div>
            )}
          </Card>
          {report.data ? (
            <Card title={m.reservesVerify}>
              {session.isAuthenticated ? (
                <VerifyBalances key={report.data._id} report={report.data} />
              ) : (
                <p className="text-sm text-muted">
                  <Link to={paths.login} className="text-accent underline">
                    Login
                  </Link>{' '}
                  to check that your own balances are in this report.
                </p>
              )}
            </Card>
          ) : null}
          {report.data ? (
            <Card title={m.reservesAddresses}>
              <AddressProofs report={report.data} />
            </Card>
          ) : null}
        </div>
        <Card title={m.reservesPast} className="h-fit min-w-0">
          <ul className="divide-y divide-line" data-testid="reserve-reports">
            {reports.data.content.map((summary) => (
              <PastReport
                key={summary._id}
                summary={summary}
                current={summary._id === reportId}
                onOpen={() => setChosen(summary._id)}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <div className="mt-3 flex items-center justify-between text-sm">
              <button
                type="button"
                className={buttonClasses('ghost', 'sm')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span className="text-muted">
                {page} / {pages}
              </span>
              <button
                type="button"
                className={buttonClasses('ghost', 'sm')}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </div>
          ) : null}
        </Card>
      </div>
    </Shell>
  );
}

function reportTitle(report: ReserveReportSummary, latestId: string | undefined): string {
  const name = report._id === latestId ? m.reservesLatest : `Report #${report.seq}`;
  return `${name} · ${dateTime(report.created_at)}`;
}

function Shell({ children }: { readonly children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title={m.reservesTitle} description={m.reservesIntro} />
      {children}
    </div>
  );
}

function PastReport({
  summary,
  current,
  onOpen,
}: {
  readonly summary: ReserveReportSummary;
  readonly current: boolean;
  readonly onOpen: () => void;
}) {
  const lowest = summary.lines
    .filter((line) => line.ratio !== null)
    .map((line) => `${line.asset} ${line.ratio}×`)
    .slice(0, 3)
    .join(' · ');
  return (
    <li className="py-2">
      <button
        type="button"
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        className={`w-full rounded px-2 py-1 text-left text-sm hover:bg-raised ${current ? 'bg-raised' : ''}`}
      >
        <span className="block font-medium text-ink">
          #{summary.seq} · {dateTime(summary.created_at)}
        </span>
        <span className="block truncate font-mono text-xs text-muted">{summary.root_hash}</span>
        {lowest ? <span className="block text-xs text-muted">{lowest}</span> : null}
      </button>
    </li>
  );
}
