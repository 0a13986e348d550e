import { formatMessage, messages, type SolvencyChainLine } from '@exchange/contracts';
import { Badge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { formatDecimal } from '../../../lib/format';

/** Four decimals, as the ledger's figures above. */
const amount = (value: string | null) => (value === null ? '—' : formatDecimal(value, 4));

const figure = (
  id: string,
  header: string,
  pick: (row: SolvencyChainLine) => string | null,
): Column<SolvencyChainLine> => ({
  id,
  // A two-word name may take two lines: with a chain's withdrawals in flight the table has nine columns,
  // and one-line names made it 87 px wider than the dashboard at 1366 px.
  header: <span className="whitespace-normal">{header}</span>,
  label: header,
  align: 'right',
  className: 'whitespace-nowrap tabular-nums',
  cell: (row) => amount(pick(row)),
});

function Check({ row }: { readonly row: SolvencyChainLine }) {
  if (!row.available) return <Badge tone="warning">{messages.solvencyUnavailable}</Badge>;
  return (
    <span className="flex flex-wrap justify-end gap-1">
      {row.matches ? (
        <Badge tone="success">{messages.solvencyMatches}</Badge>
      ) : (
        <Badge tone="danger">
          {formatMessage(messages.solvencyOffBy, { amount: amount(row.difference) })}
        </Badge>
      )}
      {row.above_hot_cap ? <Badge tone="warning">{messages.solvencyAboveHotCap}</Badge> : null}
    </span>
  );
}

const allColumns: readonly Column<SolvencyChainLine>[] = [
  {
    id: 'asset',
    header: messages.solvencyCoin,
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-medium text-ink">{row.asset}</span>
        <span className="text-xs text-muted">{row.chain_name}</span>
      </span>
    ),
  },
  figure('hot_wallet', messages.solvencyHotWallet, (row) => row.hot_wallet),
  figure('deposit_addresses', messages.solvencyDepositAddresses, (row) => row.deposit_addresses),
  figure('cold_wallet', messages.solvencyColdWallet, (row) => row.cold_wallet),
  figure('in_flight', messages.solvencyInFlight, (row) => row.in_flight),
  figure('customer_liabilities', messages.solvencyCustomersOwed, (row) => row.customer_liabilities),
  figure('custody', messages.solvencyCustody, (row) => row.custody),
  figure('uncredited', messages.solvencyUncredited, (row) => row.uncredited),
  {
    id: 'check',
    header: messages.solvencyCheck,
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (row) => <Check row={row} />,
  },
];

/**
 * The solvency panel's on-chain part (issue 37): per chain and coin, what the product holds there read
 * from the chain (hot wallet, deposit addresses not yet swept, cold wallet) beside what customers are
 * owed and the chain's custody account, and whether they match; a chain whose node did not answer is
 * "Unavailable" with the ledger's figures still shown.
 */
export function ChainHoldingsTable({ lines }: { readonly lines: readonly SolvencyChainLine[] }) {
  if (lines.length === 0) return null;
  // The cold wallet's column only when a chain has one configured; what is sent and confirming only
  // while something is.
  const hidden = new Set<string>();
  if (!lines.some((row) => row.cold_wallet !== null)) hidden.add('cold_wallet');
  if (!lines.some((row) => row.in_flight !== null && /[1-9]/.test(row.in_flight))) hidden.add('in_flight');
  const columns = allColumns.filter((column) => !hidden.has(column.id));
  const silent = [...new Set(lines.filter((row) => !row.available).map((row) => row.chain_name))];
  return (
    <section className="mt-6" aria-labelledby="chain-holdings-title">
      <h3 id="chain-holdings-title" className="text-sm font-semibold text-ink">
        {messages.solvencyOnChainTitle}
      </h3>
      <p className="mb-3 mt-1 text-xs text-muted">{messages.solvencyOnChainNote}</p>
      {silent.map((chain) => (
        <p key={chain} role="alert" className="mb-2 text-sm text-warning">
          {formatMessage(messages.solvencyChainUnavailable, { chain })}
        </p>
      ))}
      <DataTable
        label={messages.solvencyOnChainTitle}
        columns={columns}
        rows={lines}
        rowKey={(row) => `${row.chain}:${row.asset}`}
        searchable={false}
        compact
        pageSize={20}
        scrollOnPageChange={false}
      />
    </section>
  );
}
