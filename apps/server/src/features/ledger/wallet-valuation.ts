import {
  type AssetCode,
  isAssetCode,
  isStale,
  valueWallet,
  type WalletHolding,
  type WalletValuation,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { loadUserBalances } from './ledger.repository';

/**
 * A user's balances valued in USD cents at the feed's prices: what the wallet shows and what the
 * deposit hold (features/outflow) weighs a move against.
 */
export type ValuationContext = Pick<AppContext, 'prices' | 'clock' | 'config'>;

/**
 * The price to value a holding with, or undefined. A missing, non-positive or stale price (older than
 * PRICE_STALE_AFTER_SECONDS) values the asset at 0: the wallet still lists the balance, the totals just
 * leave it out until the feed is fresh again. Nothing is marked as failed. Valuations move no money,
 * so unlike quotes they do not refuse to answer.
 */
export function usablePrice(ctx: ValuationContext, asset: AssetCode): bigint | undefined {
  const point = ctx.prices.latest(asset);
  if (!point || point.usd <= 0n) return undefined;
  return isStale(point, ctx.clock.now(), ctx.config.priceStaleAfterSeconds * 1000) ? undefined : point.usd;
}

/** Load the user's balances and value them at current prices. */
export async function valueUserWallet(
  ctx: ValuationContext & { db: DbOrTx },
  userId: string,
): Promise<WalletValuation> {
  return valueBalances(ctx, await loadUserBalances(ctx.db, userId));
}

/** Values balance rows (AVAILABLE and LOCKED per asset) at current prices. */
export function valueBalances(
  ctx: ValuationContext,
  balances: readonly { asset: string; kind: string; balance: bigint }[],
): WalletValuation {
  const holdings = new Map<AssetCode, { available: bigint; locked: bigint }>();
  for (const row of balances) {
    if (!isAssetCode(row.asset)) continue;
    const holding = holdings.get(row.asset) ?? { available: 0n, locked: 0n };
    if (row.kind === 'AVAILABLE') holding.available += row.balance;
    if (row.kind === 'LOCKED') holding.locked += row.balance;
    holdings.set(row.asset, holding);
  }
  const list: WalletHolding[] = [...holdings].map(([asset, h]) => ({ asset, ...h }));
  return valueWallet(list, (asset) => usablePrice(ctx, asset));
}
