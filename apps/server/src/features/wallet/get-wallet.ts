import type { Wallet } from '@exchange/contracts';
import {
  type AssetCode,
  assetIconPath,
  formatMinor,
  getAsset,
  isAssetCode,
  isStale,
  USD_CENTS_SCALE,
  usdCentsOf,
  valueWallet,
  type WalletHolding,
  type WalletValuation,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { coalescedRead } from '../../platform/coalesce';
import { type DbOrTx, insideTransaction, perDatabase } from '../../platform/db';
import { loadUserBalances } from '../ledger/ledger.repository';
import { type WalletFigures, walletFiguresOf } from './wallet.repository';

type ValuationContext = Pick<AppContext, 'prices' | 'clock' | 'config'>;

/**
 * The price to value a holding with, or undefined. A missing, non-positive or stale price (older than
 * PRICE_STALE_AFTER_SECONDS) values the asset at 0: the wallet still lists the balance, the totals just
 * leave it out until the feed is fresh again. Nothing is marked as failed. Valuations move no money,
 * so unlike quotes they do not refuse to answer.
 */
function usablePrice(ctx: ValuationContext, asset: AssetCode): bigint | undefined {
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

function valueBalances(
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

/** One coalesced reader per database (not per transaction: a transaction's reads stay its own). */
const readerOf = perDatabase((db) => coalescedRead((ids: readonly string[]) => walletFiguresOf(db, ids)));

/**
 * A user's wallet figures. Outside a transaction, every request that asks in the same turn of the
 * event loop (all the callers of a market batch, answered together after its commit) is read by one
 * statement; inside one, the transaction reads its own.
 */
async function figuresOf(db: DbOrTx, userId: string): Promise<WalletFigures> {
  if (insideTransaction()) return (await walletFiguresOf(db, [userId])).get(userId)!;
  return (await readerOf(db)(userId)) ?? { balances: [], interest: new Map() };
}

/**
 * The wallet as GET /wallet shows it: every asset, balances at the asset's scale, USD values.
 * `interest_earned` is the staking interest paid so far in that coin (redeemed and restaked stakes),
 * valued like the balance at the current price, rounded down.
 */
export async function getWallet(ctx: ValuationContext & { db: DbOrTx }, userId: string): Promise<Wallet> {
  const { balances, interest } = await figuresOf(ctx.db, userId);
  const valuation = valueBalances(ctx, balances);
  return {
    currencies: valuation.holdings.map((h) => {
      const asset = getAsset(h.asset);
      const earned = interest.get(asset.code) ?? 0n;
      const price = earned > 0n ? usablePrice(ctx, asset.code) : undefined;
      return {
        _id: asset.code,
        name: asset.name,
        symbol: asset.code,
        image_url: assetIconPath(asset.code),
        balance: formatMinor(h.available, asset.scale),
        locked: formatMinor(h.locked, asset.scale),
        currency_type: asset.type,
        asset_value: formatMinor(h.valueCents, USD_CENTS_SCALE),
        asset_value_percent: formatMinor(h.percentHundredths, 2),
        interest_earned: formatMinor(
          price === undefined ? 0n : usdCentsOf(earned, asset.scale, price),
          USD_CENTS_SCALE,
        ),
      };
    }),
  };
}
