import { type AdminWithdrawalItem, formatMessage, messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { Badge, StatusBadge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import type { Column } from '../../../../components/ui/data-table';
import { formatDateTime, formatUsd } from '../../../../lib/format';
import { adminRecordPath } from '../../../../lib/paths';
import { WithdrawalDestination } from '../withdrawal-destination';

type Status = AdminWithdrawalItem['status'];
// Not SENDING: the payout job has claimed it and PayPal may already have paid it; the server refuses.
const DECIDABLE = new Set<Status>(['PENDING_APPROVAL', 'APPROVED']);
const APPROVED_ONES = new Set<Status>(['APPROVED', 'SENDING', 'SENT', 'COMPLETED', 'FAILED']);

function activityText(row: AdminWithdrawalItem): string {
  const a = row.activity;
  const deposit = a.last_deposit_at ? formatDateTime(a.last_deposit_at) : 'none';
  const security = a.last_security_change_at ? formatDateTime(a.last_security_change_at) : 'none';
  return `Last deposit ${deposit} · security change ${security} · ${a.completed_withdrawals} completed · ${formatUsd(a.withdrawn_24h_usd)} in 24 h`;
}

/** A date over its time, so the column stays narrow. */
function DateLines({ at }: { readonly at: string }) {
  const text = formatDateTime(at);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <span>{text}</span>;
  return (
    <span className="flex flex-col">
      <span>{text.slice(0, cut)}</span>
      <span className="text-xs text-muted">{text.slice(cut + 2)}</span>
    </span>
  );
}

/**
 * Who decided a withdrawal and when, and where four eyes stand: '1 of 2 approvals' while it waits for
 * the second, the first approver's name, then 'Approved by …' or 'Rejected by …'. Empty for an
 * automatic approval and a customer's own cancel.
 */
export function decisionLines(row: AdminWithdrawalItem): string[] {
  const lines: string[] = [];
  if (row.status === 'PENDING_APPROVAL' && row.approvals_needed > 1)
    lines.push(
      formatMessage(messages.adminWithdrawalApprovals, {
        count: String(row.approvals),
        needed: String(row.approvals_needed),
      }),
    );
  if (row.first_approved_by_name && row.first_approved_at)
    lines.push(
      formatMessage(messages.adminWithdrawalFirstApprovedBy, {
        admin: row.first_approved_by_name,
        at: formatDateTime(row.first_approved_at),
      }),
    );
  if (row.decided_by_name && row.decided_at) {
    const action = row.status === 'REJECTED' ? 'Rejected' : APPROVED_ONES.has(row.status) ? 'Approved' : null;
    if (action)
      lines.push(
        formatMessage(messages.adminWithdrawalDecidedBy, {
          action,
          admin: row.decided_by_name,
          at: formatDateTime(row.decided_at),
        }),
      );
  }
  return lines;
}

/** The queue's columns: a name and an e-mail that never break mid-word, the coin amount with its USD value. */
export function withdrawalQueueColumns(
  decide: (row: AdminWithdrawalItem, approve: boolean) => void,
  chainName: (chain: string) => string,
): readonly Column<AdminWithdrawalItem>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      // The row's link to the withdrawal's own URL (issue 46 point 4), named by its date.
      cell: (row) => (
        <Link to={adminRecordPath('withdrawal', row._id)} className="text-accent hover:underline">
          <DateLines at={row.createdAt} />
        </Link>
      ),
    },
    {
      id: 'user',
      header: 'User',
      cell: (row) => (
        <div className="min-w-0 max-w-44">
          <div className="truncate font-medium text-ink">{row.user.name}</div>
          <div className="truncate text-xs text-muted" title={row.user.email}>
            {row.user.email}
          </div>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => (
        <div>
          <div>{`${row.amount} ${row.asset}`}</div>
          <div className="text-xs text-muted">{`≈ ${formatUsd(row.value_usd)}`}</div>
        </div>
      ),
    },
    {
      id: 'to',
      header: 'To',
      // A coin's address in two lines and its chain on one; a PayPal e-mail on one line, cut with an
      // ellipsis (never broken mid-word), whole in its tooltip.
      className: 'text-xs sm:min-w-40 sm:max-w-44',
      cell: (row) =>
        row.method === 'chain' ? (
          <div className="wrap-anywhere">
            <WithdrawalDestination row={row} chainName={chainName} />
          </div>
        ) : (
          <span className="block truncate" title={row.destination}>
            {row.destination}
          </span>
        ),
    },
    {
      id: 'flags',
      header: 'Flags and activity',
      className: 'sm:min-w-48',
      cell: (row) => (
        <div className="flex flex-col gap-1">
          {row.flags.length > 0 ? (
            <div className="flex flex-wrap gap-1">
              {row.flags.map((flag) => (
                <Badge key={flag} tone="warning" className="whitespace-nowrap">
                  {messages[`withdrawalFlag_${flag}`]}
                </Badge>
              ))}
            </div>
          ) : null}
          <span className="text-xs text-muted">{activityText(row)}</span>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-col gap-1">
          <StatusBadge status={row.status} label={messages[`withdrawalStatus${row.status}`]} />
          {decisionLines(row).map((line) => (
            <span key={line} className="text-xs text-muted">
              {line}
            </span>
          ))}
          {row.reason ? <span className="text-xs text-muted">{row.reason}</span> : null}
          {row.status === 'PENDING_APPROVAL' && row.held_reason ? (
            <Badge tone="warning">{row.held_reason}</Badge>
          ) : null}
        </div>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          {row.status === 'PENDING_APPROVAL' ? (
            <Button
              size="sm"
              onClick={() => decide(row, true)}
              aria-label={`Approve withdrawal of ${row.user.email}`}
            >
              {messages.adminWithdrawalApprove}
            </Button>
          ) : null}
          {DECIDABLE.has(row.status) ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => decide(row, false)}
              aria-label={`Reject withdrawal of ${row.user.email}`}
            >
              {messages.adminWithdrawalReject}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}
