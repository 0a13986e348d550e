import { type AdminKycListItem, messages } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ADMIN_KYC_PAGE_SIZE, useAdminKycList } from '../../kyc/api/admin-kyc';
import { KycDecisionDialog, type KycDecisionTarget } from '../../kyc/components/kyc-decision-dialogs';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { adminOpsKeys } from '../api/admin-ops';
import { adminUserKeys } from '../api/admin-users';

const HEADERS = ['Sr. No', 'User', 'Date', 'Status', 'Approve', 'Reject', 'View'] as const;

/**
 * /admin-kyc (spec section 2): 'KYC Requests' with the pending count, a server-side search applied as
 * it is typed, 10 rows a page from the server, Approve and Reject only for PENDING rows, View for details.
 */
export function AdminKycPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<KycDecisionTarget | null>(null);

  // A decision also changes the dashboard's KYC figures and the user's KYC state in the user list and
  // information page, which are not on screen now: marking them stale makes the next visit read them
  // again instead of showing the cached ones. After NO nothing changed, and this costs no request.
  const closeDecision = () => {
    setTarget(null);
    void queryClient.invalidateQueries({ queryKey: adminOpsKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
  };
  const list = useAdminKycList(page, search);
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ADMIN_KYC_PAGE_SIZE)) : 1;

  const row = (item: AdminKycListItem, index: number) => {
    const pending = item.status === 'PENDING';
    const name = `${item.first_name} ${item.last_name}`;
    return (
      <tr key={item._id} className="border-t border-line hover:bg-raised/60">
        <td className="px-3 py-3">{(page - 1) * ADMIN_KYC_PAGE_SIZE + index + 1}</td>
        <td className="px-3 py-3">
          <div className="flex min-w-56 items-center gap-3">
            <KycUserAvatar profilePic={item.profile_pic} />
            <div className="min-w-0">
              <p className="font-medium text-ink">{name}</p>
              <p className="wrap-anywhere text-xs text-muted">{item.userdata.email}</p>
              <p className="text-xs text-muted">
                +{item.country_code} {item.mobile_no}
              </p>
            </div>
          </div>
        </td>
        <td className="px-3 py-3 whitespace-nowrap">{formatDateTime(item.createdAt)}</td>
        <td className="px-3 py-3">
          <Badge tone={statusTone(item.status)}>{item.status}</Badge>
        </td>
        <td className="px-3 py-3">
          <Button
            size="sm"
            variant="success"
            disabled={!pending}
            aria-label={`Approve ${name}`}
            onClick={() => setTarget({ kycId: item._id, userId: item.user_id, decision: 'APPROVED' })}
          >
            Approve
          </Button>
        </td>
        <td className="px-3 py-3">
          <Button
            size="sm"
            variant="danger"
            disabled={!pending}
            aria-label={`Reject ${name}`}
            onClick={() => setTarget({ kycId: item._id, userId: item.user_id, decision: 'REJECTED' })}
          >
            Reject
          </Button>
        </td>
        <td className="px-3 py-3">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`View ${name}`}
            onClick={() => navigate(paths.adminKycDetails, { state: { kycId: item._id } })}
          >
            View
          </Button>
        </td>
      </tr>
    );
  };

  let body: React.ReactNode;
  if (list.isPending)
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={i} className="border-t border-line">
        {HEADERS.map((h) => (
          <td key={h} className="px-3 py-3">
            <Skeleton className="h-4 w-full max-w-24" />
          </td>
        ))}
      </tr>
    ));
  else if (list.isError)
    body = (
      <tr>
        <td colSpan={HEADERS.length}>
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        </td>
      </tr>
    );
  else if (!data || data.content.length === 0)
    body = (
      <tr>
        <td colSpan={HEADERS.length}>
          <EmptyState message={messages.noDataFoundAdmin} />
        </td>
      </tr>
    );
  else body = data.content.map(row);

  return (
    <div>
      <PageHeader
        title={messages.adminKycTitle}
        description={
          <span data-testid="kyc-pending-count">{data ? `${data.pending_count} pending` : 'Loading…'}</span>
        }
      />
      <div className="mb-3">
        <label htmlFor={searchId} className="sr-only">
          Search KYC requests
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={messages.adminSearchPlaceholder}
          // Spec: the term is applied as it is typed; an emptied box shows every request again. On
          // change, not key-up: pasting with the mouse or the box's clear button type no key.
          onChange={(event) => {
            const term = event.currentTarget.value.trim();
            if (term !== search) {
              setSearch(term);
              setPage(1);
            }
          }}
          className="h-10 w-full rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-sm"
        />
      </div>
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="min-w-full text-sm tabular-nums" aria-busy={list.isFetching || undefined}>
          <caption className="sr-only">KYC requests</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-3 py-3 text-left font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {data && data.total > 0 ? (
        <nav
          aria-label="KYC request pages"
          className="mt-3 flex items-center justify-between gap-3 text-sm text-muted"
        >
          <p aria-live="polite">
            Page {page} of {pageCount} · {data.total} requests
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={page >= pageCount}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      ) : null}
      <KycDecisionDialog target={target} onClose={closeDecision} />
    </div>
  );
}
