import type { AdminTransaction } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { ShortId } from './admin-cells';

/** The amount a transaction is about: what left the wallet, or what arrived when nothing left it. */
export function transactionAmount(row: AdminTransaction): string {
  const side = row.from ?? row.to;
  return side ? `${formatAmount(side.amount)} ${side.currency_code}` : '-';
}

/** The admin transactions list shows PENDING in red (spec section 4); elsewhere it is yellow. */
export function AdminTransactionStatus({ status }: { readonly status: AdminTransaction['status'] }) {
  return <StatusBadge status={status} tone={status === 'SUCCESS' ? 'success' : 'danger'} />;
}

/** /admin-transaction's columns (spec section 2). */
export const transactionColumns: readonly Column<AdminTransaction>[] = [
  { id: 'image', header: 'Image', cell: (row) => <KycUserAvatar profilePic={row.profile_pic} size={32} /> },
  { id: 'name', header: 'Name', cell: (row) => <span className="font-medium text-ink">{row.name}</span> },
  {
    id: 'credentials',
    header: 'Credentials',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="wrap-anywhere">{row.email}</span>
        <span className="text-xs text-muted">
          +{row.country_code} {row.mobile_no}
        </span>
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    cell: (row) => (
      <span className="flex flex-col whitespace-nowrap">
        <span>{row.operation}</span>
        <span className="text-xs text-muted">{formatDateTime(row.createdAt)}</span>
      </span>
    ),
  },
  { id: 'from', header: 'From', cell: (row) => row.from?.currency_code ?? '-' },
  { id: 'to', header: 'To', cell: (row) => row.to?.currency_code ?? '-' },
  { id: 'id', header: 'Transaction ID', cell: (row) => <ShortId id={row._id} /> },
  { id: 'fromAmount', header: 'From Amount', align: 'right', cell: (row) => formatAmount(row.from?.amount) },
  { id: 'toAmount', header: 'To Amount', align: 'right', cell: (row) => formatAmount(row.to?.amount) },
  { id: 'status', header: 'Status', cell: (row) => <AdminTransactionStatus status={row.status} /> },
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
