import { messages } from '@exchange/contracts';

/** The six tabs of /history, in the spec's order (section 2), then the coins deposited on a chain */
export const HISTORY_TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'stakes', label: 'Stakes' },
  { id: 'swap', label: 'Swap' },
  { id: 'orders', label: 'Order Transaction' },
  { id: 'p2p', label: 'p2p History' },
  { id: 'referrals', label: 'Referrals' },
  { id: 'deposits', label: messages.chainDepositsTab },
  { id: 'withdrawals', label: messages.withdrawalsTab },
] as const;

export type HistoryTabId = (typeof HISTORY_TABS)[number]['id'];

const tabForType: Readonly<Record<string, HistoryTabId>> = {
  refer: 'referrals',
  stake: 'stakes',
  swap: 'swap',
  p2p: 'p2p',
  limit: 'orders',
  deposit: 'deposits',
  withdraw: 'withdrawals',
};

/**
 * The tab /history opens on, from the navigation state's `type` (spec section 2): refer, stake,
 * swap, p2p or limit pick their tab, as deposit picks the coin deposits'; anything else, or no state,
 * opens Transactions. An instant trade arrives as `buysell`: it is a wallet transaction, listed under
 * Transactions.
 */
export function defaultHistoryTab(state: unknown): HistoryTabId {
  if (typeof state !== 'object' || state === null || !('type' in state)) return 'transactions';
  const type = (state as { type: unknown }).type;
  if (typeof type !== 'string') return 'transactions';
  return Object.hasOwn(tabForType, type) ? (tabForType[type] ?? 'transactions') : 'transactions';
}

/** The row to highlight on arrival: an order id (and whether it is still open), or the newest transaction. */
export interface HistoryHighlight {
  readonly id: string;
  readonly open: boolean;
}

export function readHighlight(state: unknown): HistoryHighlight | null {
  if (typeof state !== 'object' || state === null || !('highlight' in state)) return null;
  const value = (state as { highlight: unknown }).highlight;
  if (typeof value !== 'object' || value === null) return null;
  const { id, open } = value as { id?: unknown; open?: unknown };
  return typeof id === 'string' ? { id, open: open === true } : null;
}
