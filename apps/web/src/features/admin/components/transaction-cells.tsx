import type { AdminTransaction } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { formatAmount, formatDateTime, formatUsd } from '../../../lib/format';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { ShortId } from './admin-cells';
import { kindLabel } from './transaction-filters';

/** The amount a transaction is about: what left the wallet, or what arrived when nothing left it. */
export function transactionAmount(row: AdminTransaction): string {
  const side = row.from ?? row.to;
  return side ? `${formatAmount(side.amount)} ${side.currency_code}` : '-';
}

/** The admin transactions list shows PENDING in red (spec section 4); elsewhere it is yellow. */
export function AdminTransactionStatus({ status }: { readonly status: AdminTransaction['status'] }) {
  return <StatusBadge status={status} tone={status === 'SUCCESS' ? 'success' : 'danger'} />;
}

/** The customer a movement belongs to: name over e-mail, each on one line (cut with an ellipsis, never mid-word). */
function CustomerCell({ row }: { readonly row: AdminTransaction }) {
  return (
    <span className="flex min-w-0 max-w-56 items-center gap-2">
      <KycUserAvatar profilePic={row.profile_pic} size={32} />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-ink">{row.name}</span>
        <span className="truncate text-xs text-muted" title={row.email}>
          {row.email}
        </span>
      </span>
    </span>
  );
}

/** The amount with its asset, and its USD value at today's price under it. */
function AmountCell({ row }: { readonly row: AdminTransaction }) {
  return (
    <span className="flex flex-col whitespace-nowrap tabular-nums">
      <span>{transactionAmount(row)}</span>
      <span className="text-xs text-muted">
        {row.value_usd === null ? '-' : `≈ ${formatUsd(row.value_usd)}`}
      </span>
    </span>
  );
}

/**
 * /admin-transaction's columns (issue 46): the customer (name and e-mail, where the spec had a
 * 'Credentials' column), the kind with its time, what left and what arrived, the amount with its USD
 * value now, the status and the reference.
 */
export const transactionColumns: readonly Column<AdminTransaction>[] = [
  { id: 'customer', header: 'Customer', cell: (row) => <CustomerCell row={row} /> },
  {
    id: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (row) => formatDateTime(row.createdAt),
  },
  { id: 'type', header: 'Kind', className: 'whitespace-nowrap', cell: (row) => kindLabel(row.operation) },
  {
    id: 'sides',
    header: 'From → To',
    className: 'whitespace-nowrap',
    // What left over what arrived: one line each keeps the table within 1,366 px with a swap's two
    // amounts beside the customer's e-mail.
    cell: (row) => (
      <span className="flex flex-col">
        <span>{row.from ? `${formatAmount(row.from.amount)} ${row.from.currency_code}` : '-'}</span>
        <span>→ {row.to ? `${formatAmount(row.to.amount)} ${row.to.currency_code}` : '-'}</span>
      </span>
    ),
  },
  { id: 'amount', header: 'Amount (USD now)', align: 'right', cell: (row) => <AmountCell row={row} /> },
  { id: 'status', header: 'Status', cell: (row) => <AdminTransactionStatus status={row.status} /> },
  {
    id: 'id',
    header: 'Reference',
    cell: (row) => (
      <span className="flex flex-col text-xs">
        <ShortId id={row._id} />
        {row.reference ? (
          <span className="max-w-32 truncate text-muted" title={row.reference}>
            {row.reference}
          </span>
        ) : null}
      </span>
    ),
  },
];

/** The dashboard's short form: user name, type, amount at 4 decimals, date, status (spec section 2). */
export const latestTransactionColumns: readonly Column<AdminTransaction>[] = [
  { id: 'name', header: 'User', cell: (row) => <span className="font-medium text-ink">{row.name}</span> },
  { id: 'type', header: 'Type', cell: (row) => row.operation },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => <span className="whitespace-nowrap">{transactionAmount(row)}</span>,
  },
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];
