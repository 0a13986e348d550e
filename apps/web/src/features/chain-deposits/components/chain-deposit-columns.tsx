import { type ChainDeposit, messages } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { formatAssetListAmount, formatDateTime } from '../../../lib/format';
import { chainName, type DepositCoin } from '../api/get-deposit-networks';

/** A tx hash short enough for a table cell: '0x12345678…9abcdef0'. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

function TxHash({ row }: { readonly row: ChainDeposit }) {
  const text = <span className="font-mono">{shortHash(row.tx_hash)}</span>;
  if (!row.explorer_tx_url) return <span title={row.tx_hash}>{text}</span>;
  return (
    <a
      href={row.explorer_tx_url}
      target="_blank"
      rel="noopener noreferrer"
      title={row.tx_hash}
      className="text-accent underline-offset-2 hover:underline"
    >
      {text}
    </a>
  );
}

/** A deposit's status in its colour; BELOW_MINIMUM reads 'Below minimum'. */
export function ChainDepositStatus({ status }: { readonly status: ChainDeposit['status'] }) {
  switch (status) {
    case 'CREDITED':
      return <StatusBadge status={status} tone="success" />;
    case 'BELOW_MINIMUM':
      return <StatusBadge status={status} label={messages.chainDepositBelowMinimum} tone="neutral" />;
    case 'DROPPED':
      return <StatusBadge status={status} tone="danger" />;
    default:
      return <StatusBadge status={status} tone="warning" />;
  }
}

/** The columns of a list of deposits seen on a chain; `coins` names the chains. */
export function chainDepositColumns(
  coins: readonly DepositCoin[] | undefined,
): readonly Column<ChainDeposit>[] {
  return [
    {
      id: 'createdAt',
      header: messages.chainDepositDate,
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    {
      id: 'amount',
      header: messages.chainDepositAmount,
      align: 'right',
      cell: (row) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatAssetListAmount(row.amount, row.asset)} <span className="text-muted">{row.asset}</span>
        </span>
      ),
    },
    { id: 'chain', header: messages.chainDepositChain, cell: (row) => chainName(coins, row.chain) },
    { id: 'tx_hash', header: messages.chainDepositTx, cell: (row) => <TxHash row={row} /> },
    {
      id: 'confirmations',
      header: messages.chainDepositConfirmations,
      align: 'right',
      cell: (row) => (
        <span className="whitespace-nowrap tabular-nums" data-testid="deposit-confirmations">
          {Math.min(row.confirmations, row.required_confirmations)} / {row.required_confirmations}
        </span>
      ),
    },
    {
      id: 'status',
      header: messages.chainDepositStatus,
      align: 'center',
      cell: (row) => <ChainDepositStatus status={row.status} />,
    },
  ];
}
