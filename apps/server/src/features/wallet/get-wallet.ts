import type { Wallet } from '@exchange/contracts';
import { assetIconPath, formatMinor, getAsset, USD_CENTS_SCALE, usdCentsOf } from '@exchange/domain';
import { coalescedRead } from '../../platform/coalesce';
import { type DbOrTx, isTransaction, perDatabase } from '../../platform/db';
import { usablePrice, type ValuationContext, valueBalances } from '../ledger/wallet-valuation';
import { type WalletFigures, walletFiguresOf } from './wallet.repository';

/** One coalesced reader per database (not per transaction: a transaction's reads stay its own). */
const readerOf = perDatabase((db) => coalescedRead((ids: readonly string[]) => walletFiguresOf(db, ids)));

/**
 * A user's wallet figures. Outside a transaction, every request that asks in the same turn of the
 * event loop (all the callers of a market batch, answered together after its commit) is read by one
 * statement; inside one, the transaction reads its own.
 */
async function figuresOf(db: DbOrTx, userId: string): Promise<WalletFigures> {
  if (isTransaction(db)) return (await walletFiguresOf(db, [userId])).get(userId)!;
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
