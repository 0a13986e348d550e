import type { WalletTransaction } from '@exchange/contracts';
import type { HistoryOperation } from '@exchange/domain';

/** Turns an unknown enum name into words: 'SOME_THING' → 'Some thing'. */
function humanize(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : '-';
}

type Sides = Pick<WalletTransaction, 'from' | 'to'>;

/**
 * The words for each kind of movement the server writes (the domain's HISTORY_OPERATIONS): a Record
 * over them all, so a kind added there does not typecheck here until it has its words.
 */
const LABELS: Readonly<Record<HistoryOperation, (from?: string, to?: string) => string>> = {
  DEPOSIT: () => 'Deposit',
  DEPOSIT_REFUND: () => 'Deposit refunded',
  DEPOSIT_REVERSAL: () => 'Deposit reversed',
  DEBT_COLLECTED: () => 'Debt paid',
  DEBT_WRITTEN_OFF: () => 'Debt written off',
  WITHDRAW: () => 'Withdrawal',
  BUY: (_, to) => (to ? `Bought ${to}` : 'Bought'),
  SELL: (from) => (from ? `Sold ${from}` : 'Sold'),
  LIMIT_BUY: () => 'Limit buy filled',
  LIMIT_SELL: () => 'Limit sell filled',
  SWAP: (from, to) => (from && to ? `Swapped ${from} to ${to}` : 'Swap'),
  MULTI_BUY: () => 'Bought MultiCoin',
  P2P_SEND: (from) => (from ? `Sent ${from}` : 'Sent'),
  P2P_RECEIVE: (_, to) => (to ? `Received ${to}` : 'Received'),
  STAKE: (from) => (from ? `Staked ${from}` : 'Staked'),
  RESTAKE: (from) => (from ? `Restaked ${from}` : 'Restaked'),
  STAKE_REDEEM: () => 'Stake redeemed',
  REFERRAL_REWARD: () => 'Referral reward',
  NFT_BUY: () => 'Bought an NFT',
  NFT_SALE: () => 'Sold an NFT',
};

/**
 * What a wallet transaction was, in words a customer reads ('Bought BTC', 'Withdrawal', 'Limit buy
 * filled'), from its kind (the operation, a stable code) and the currencies it moved. Kinds not known
 * here (an older spelling, say 'WITHDRAWAL') still read as words rather than an enum name.
 */
export function transactionLabel(row: Pick<WalletTransaction, 'operation'> & Sides): string {
  const label = Object.hasOwn(LABELS, row.operation) ? LABELS[row.operation as HistoryOperation] : undefined;
  if (label) return label(row.from?.currency_code, row.to?.currency_code);
  return row.operation === 'WITHDRAWAL' ? 'Withdrawal' : humanize(row.operation);
}
