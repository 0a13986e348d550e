import type { ChainDeposit } from './chain-deposits';
import type { P2pHistoryItem } from './p2p';
import type { ReferralItem } from './referrals';
import type { Stake } from './staking';
import type { LimitOrder } from './trading';
import type { WalletTransaction } from './wallet';
import type { WithdrawalItem } from './withdrawals';

/**
 * The CSV downloads of the History tabs. Each tab's list answers `<list path>/export.csv` with the
 * same query (search, filters, order) as a CSV file of every matching row in the list's order: the
 * paging fields are read and ignored. Amounts are the list's decimal strings, at the asset's
 * precision; times are UTC ISO-8601. The columns are the wire's, so they live here, shared by the
 * server that writes them and the tests that read them.
 */
export function exportPath(listPath: string): string {
  return `${listPath}/export.csv`;
}

/** A tab's CSV: its file name's stem, its header row and one row of cells per list item. */
export interface ExportColumns<T> {
  readonly name: string;
  readonly header: readonly string[];
  readonly cells: (item: T) => readonly (string | null)[];
}

export const walletTransactionColumns: ExportColumns<WalletTransaction> = {
  name: 'transactions',
  header: [
    'time_utc',
    'type',
    'operation',
    'from_asset',
    'from_amount',
    'to_asset',
    'to_amount',
    'price',
    'status',
    'id',
  ],
  cells: (t) => [
    t.createdAt,
    t.operation_type,
    t.operation,
    t.from?.currency_code ?? null,
    t.from?.amount ?? null,
    t.to?.currency_code ?? null,
    t.to?.amount ?? null,
    t.price ?? null,
    t.status,
    t._id,
  ],
};

export const swapColumns: ExportColumns<WalletTransaction> = { ...walletTransactionColumns, name: 'swaps' };

export const orderColumns: ExportColumns<LimitOrder> = {
  name: 'orders',
  header: [
    'time_utc',
    'updated_utc',
    'market',
    'side',
    'price',
    'quantity',
    'filled_quantity',
    'cancelled_quantity',
    'open_quantity',
    'filled_cost',
    'status',
    'id',
  ],
  cells: (o) => [
    o.createdAt,
    o.updatedAt,
    o.market_id,
    o.side,
    o.price,
    o.quantity,
    o.filled_quantity,
    o.cancelled_quantity,
    o.open_quantity,
    o.filled_cost,
    o.status,
    o.id,
  ],
};

export const p2pColumns: ExportColumns<P2pHistoryItem> = {
  name: 'p2p',
  header: [
    'time_utc',
    'sender_email',
    'sender_name',
    'receiver_email',
    'receiver_name',
    'asset',
    'amount',
    'status',
    'id',
  ],
  cells: (p) => [
    p.createdAt,
    p.senderEmail,
    p.senderName,
    p.receiverEmail,
    p.receiverName,
    p.from.currency_code,
    p.from.amount,
    p.status,
    p._id,
  ],
};

export const stakeColumns: ExportColumns<Stake> = {
  name: 'stakes',
  header: [
    'time_utc',
    'start_utc',
    'end_utc',
    'asset',
    'starting_balance',
    'closing_balance',
    'days',
    'interest_rate',
    'status',
    'id',
  ],
  cells: (s) => [
    s.createdAt,
    s.start_date,
    s.end_date,
    s.currency_code,
    s.starting_balance,
    s.closing_balance,
    String(s.days),
    s.interest_rate,
    s.status,
    s._id,
  ],
};

export const referralColumns: ExportColumns<ReferralItem> = {
  name: 'referrals',
  header: ['time_utc', 'referred_by', 'referred', 'asset', 'reward', 'status', 'id'],
  cells: (r) => [r.createdAt, r.referByName, r.referToName, r.asset, r.ref_amount, r.status, r._id],
};

export const chainDepositColumns: ExportColumns<ChainDeposit> = {
  name: 'deposits',
  header: [
    'time_utc',
    'credited_utc',
    'asset',
    'chain',
    'amount',
    'status',
    'confirmations',
    'tx_hash',
    'log_index',
    'id',
  ],
  cells: (d) => [
    d.createdAt,
    d.credited_at,
    d.asset,
    d.chain,
    d.amount,
    d.status,
    String(d.confirmations),
    d.tx_hash,
    String(d.log_index),
    d._id,
  ],
};

export const withdrawalColumns: ExportColumns<WithdrawalItem> = {
  name: 'withdrawals',
  header: [
    'time_utc',
    'updated_utc',
    'asset',
    'method',
    'chain',
    'destination',
    'amount',
    'fee',
    'receive',
    'status',
    'reason',
    'reference',
    'id',
  ],
  cells: (w) => [
    w.createdAt,
    w.updatedAt,
    w.asset,
    w.method,
    w.chain,
    w.destination,
    w.amount,
    w.fee,
    w.receive,
    w.status,
    w.reason,
    w.tx_hash ?? w.reference,
    w._id,
  ],
};
