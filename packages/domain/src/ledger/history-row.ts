import { type AssetCode, getAsset } from '../assets';
import type { Minor } from '../money';

/**
 * The row a money movement shows in the user's wallet history (spec section 3): what kind of movement
 * it was (`operationType`), what happened (`operation`) and what left (`from`) and arrived (`to`).
 * Every writer of history rows derives them here from the movement itself, so the screens that list
 * them and the back office's figures that select by them can count on one spelling.
 */

/** The kinds of history row (`operation_type`). */
export const HISTORY_OPERATION_TYPES = [
  'CRYPTO_TO_FIAT',
  'FIAT_TO_CRYPTO',
  'FIAT',
  'CRYPTO',
  'CRYPTO_TO_CRYPTO',
] as const;
export type HistoryOperationType = (typeof HISTORY_OPERATION_TYPES)[number];

/** What a history row says happened (`operation`). */
export const HISTORY_OPERATIONS = {
  DEPOSIT: 'DEPOSIT',
  DEPOSIT_REFUND: 'DEPOSIT_REFUND',
  DEPOSIT_REVERSAL: 'DEPOSIT_REVERSAL',
  DEBT_COLLECTED: 'DEBT_COLLECTED',
  DEBT_WRITTEN_OFF: 'DEBT_WRITTEN_OFF',
  WITHDRAW: 'WITHDRAW',
  BUY: 'BUY',
  SELL: 'SELL',
  LIMIT_BUY: 'LIMIT_BUY',
  LIMIT_SELL: 'LIMIT_SELL',
  SWAP: 'SWAP',
  MULTI_BUY: 'MULTI_BUY',
  P2P_SEND: 'P2P_SEND',
  P2P_RECEIVE: 'P2P_RECEIVE',
  STAKE: 'STAKE',
  RESTAKE: 'RESTAKE',
  STAKE_REDEEM: 'STAKE_REDEEM',
  REFERRAL_REWARD: 'REFERRAL_REWARD',
  NFT_BUY: 'NFT_BUY',
  NFT_SALE: 'NFT_SALE',
} as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[keyof typeof HISTORY_OPERATIONS];

/** What the swap history lists: swaps and MultiCoin buys (limit fills are CRYPTO_TO_CRYPTO too). */
export const SWAP_OPERATIONS = [HISTORY_OPERATIONS.SWAP, HISTORY_OPERATIONS.MULTI_BUY] as const;
/** A limit order's fills, one row for each side of a trade. */
export const LIMIT_FILL_OPERATIONS = [HISTORY_OPERATIONS.LIMIT_BUY, HISTORY_OPERATIONS.LIMIT_SELL] as const;
/** Instant trades against the house, with USD on one side. */
export const INSTANT_TRADE_TYPES = [
  'FIAT_TO_CRYPTO',
  'CRYPTO_TO_FIAT',
] as const satisfies readonly HistoryOperationType[];

/** An amount of one asset, in minor units. */
export interface Moved {
  readonly asset: AssetCode;
  readonly amount: Minor;
}

/** A money movement as the user's history tells it. */
export type MoneyEvent =
  /** USD through the payment provider, or a coin the demo seed gives. */
  | ({ readonly kind: 'deposit' } & Moved)
  /** The provider took a deposit back: a refund or a chargeback. */
  | ({ readonly kind: 'deposit_reversal'; readonly status: 'REFUNDED' | 'REVERSED' } & Moved)
  /**
   * USD to the payment provider or a coin sent on a chain: the whole amount leaves the wallet (the
   * fee included), held at the request, paid out or given back later.
   */
  | ({ readonly kind: 'withdrawal' } & Moved)
  /** A debt left by a reversed deposit, paid from the user's later USD. */
  | ({ readonly kind: 'debt_collected' } & Moved)
  /**
   * A debt the exchange wrote off: the customer's receivable is cleared from DEBT_WRITE_OFF, so it
   * arrives on their side (`to`) though their balances do not move.
   */
  | ({ readonly kind: 'debt_written_off' } & Moved)
  /** An instant trade against the house: `total` USD (cents, fee included) for `coin`. */
  | { readonly kind: 'instant_buy' | 'instant_sell'; readonly coin: Moved; readonly total: Minor }
  /** One side of a limit order's fill: the coin (`base`) against what that side paid or got (`quote`). */
  | { readonly kind: 'limit_buy' | 'limit_sell'; readonly base: Moved; readonly quote: Moved }
  /** A swap, or a MultiCoin purchase (a swap into MULTI). */
  | { readonly kind: 'swap' | 'multi_buy'; readonly from: Moved; readonly to: Moved }
  | ({ readonly kind: 'p2p_send' | 'p2p_receive' } & Moved)
  /** The principal a stake (or a restake's new stake) holds. */
  | ({ readonly kind: 'stake' | 'restake' } & Moved)
  /** What a matured stake pays back: principal and interest. */
  | ({ readonly kind: 'stake_redeem' } & Moved)
  | ({ readonly kind: 'referral_reward' } & Moved)
  /** An NFT bought (the price paid), or sold (what the seller received, the fee taken off). */
  | ({ readonly kind: 'nft_buy' | 'nft_sale' } & Moved);

export interface HistoryRow {
  readonly operationType: HistoryOperationType;
  readonly operation: HistoryOperation;
  readonly from: Moved | null;
  readonly to: Moved | null;
}

const USD = 'USD' satisfies AssetCode;
const op = HISTORY_OPERATIONS;

function moved(event: Moved): Moved {
  return { asset: event.asset, amount: event.amount };
}

/** A deposit or its reversal is FIAT for USD and CRYPTO for a coin. */
function typeOf(asset: AssetCode): HistoryOperationType {
  return getAsset(asset).type === 'FIAT' ? 'FIAT' : 'CRYPTO';
}

/** The history row of a money movement. */
export function historyRow(event: MoneyEvent): HistoryRow {
  switch (event.kind) {
    case 'deposit':
      return { operationType: typeOf(event.asset), operation: op.DEPOSIT, from: null, to: moved(event) };
    case 'deposit_reversal':
      return {
        operationType: typeOf(event.asset),
        operation: event.status === 'REFUNDED' ? op.DEPOSIT_REFUND : op.DEPOSIT_REVERSAL,
        from: moved(event),
        to: null,
      };
    case 'withdrawal':
      return { operationType: typeOf(event.asset), operation: op.WITHDRAW, from: moved(event), to: null };
    case 'debt_collected':
      return { operationType: 'FIAT', operation: op.DEBT_COLLECTED, from: moved(event), to: null };
    case 'debt_written_off':
      return { operationType: 'FIAT', operation: op.DEBT_WRITTEN_OFF, from: null, to: moved(event) };
    case 'instant_buy':
      return {
        operationType: 'FIAT_TO_CRYPTO',
        operation: op.BUY,
        from: { asset: USD, amount: event.total },
        to: moved(event.coin),
      };
    case 'instant_sell':
      return {
        operationType: 'CRYPTO_TO_FIAT',
        operation: op.SELL,
        from: moved(event.coin),
        to: { asset: USD, amount: event.total },
      };
    case 'limit_buy':
      return {
        operationType: 'CRYPTO_TO_CRYPTO',
        operation: op.LIMIT_BUY,
        from: moved(event.quote),
        to: moved(event.base),
      };
    case 'limit_sell':
      return {
        operationType: 'CRYPTO_TO_CRYPTO',
        operation: op.LIMIT_SELL,
        from: moved(event.base),
        to: moved(event.quote),
      };
    case 'swap':
    case 'multi_buy':
      return {
        operationType: 'CRYPTO_TO_CRYPTO',
        operation: event.kind === 'swap' ? op.SWAP : op.MULTI_BUY,
        from: moved(event.from),
        to: moved(event.to),
      };
    case 'p2p_send':
      return { operationType: 'CRYPTO', operation: op.P2P_SEND, from: moved(event), to: null };
    case 'p2p_receive':
      return { operationType: 'CRYPTO', operation: op.P2P_RECEIVE, from: null, to: moved(event) };
    case 'stake':
      return { operationType: 'CRYPTO', operation: op.STAKE, from: moved(event), to: null };
    case 'restake':
      return { operationType: 'CRYPTO', operation: op.RESTAKE, from: moved(event), to: null };
    case 'stake_redeem':
      return { operationType: 'CRYPTO', operation: op.STAKE_REDEEM, from: null, to: moved(event) };
    case 'referral_reward':
      return { operationType: 'CRYPTO', operation: op.REFERRAL_REWARD, from: null, to: moved(event) };
    case 'nft_buy':
      return { operationType: typeOf(event.asset), operation: op.NFT_BUY, from: moved(event), to: null };
    case 'nft_sale':
      return { operationType: typeOf(event.asset), operation: op.NFT_SALE, from: null, to: moved(event) };
  }
}
