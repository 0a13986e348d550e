import { messages } from '@exchange/contracts';
import { type AssetCode, getAsset, houseExposureAllows } from '@exchange/domain';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { houseInventory } from './ledger.repository';

/**
 * The house's signed position in `asset` (see `houseInventory`): its inventory accounts and those of
 * the house liquidity account, the SYSTEM user owning the house's resting orders.
 */
export function housePosition(db: DbOrTx, asset: AssetCode): Promise<bigint> {
  return houseInventory(db, asset);
}

/**
 * Refuses an instant trade that would take the house's position in the coin past
 * HOUSE_MAX_EXPOSURE_USD (a trade that unwinds it always passes). Checked when the quote is issued and
 * again in the transaction that executes it; two trades racing in the same instant may both pass, so
 * the cap can be overshot by at most the trades in flight.
 */
export async function assertHouseExposure(
  ctx: { readonly db: DbOrTx; readonly config: Pick<Config, 'houseMaxExposureCents'> },
  userSide: 'buy' | 'sell',
  asset: AssetCode,
  quantity: bigint,
  priceUsd: bigint,
): Promise<void> {
  const allowed = houseExposureAllows({
    position: await housePosition(ctx.db, asset),
    houseSide: userSide === 'buy' ? 'sell' : 'buy',
    quantity,
    scale: getAsset(asset).scale,
    priceUsd,
    capCents: ctx.config.houseMaxExposureCents,
  });
  if (!allowed) throw new AppError('house_exposure_limit', messages.houseExposureLimit);
}
