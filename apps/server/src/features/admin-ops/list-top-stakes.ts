import { TOP_STAKING_SIZE, type TopStakingItem } from '@exchange/contracts';
import {
  ASSET_CODES,
  type AssetCode,
  formatMinor,
  getAsset,
  ONE_USD_PRICE,
  usdCentsOf,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { largestRunningStakes } from './admin-lists.repository';
import { adminStakeView, stakeInterestMinor } from './admin-ops-view';

/**
 * The largest running stakes across every coin, by the USD value of their principal at the latest
 * reference price. Only each coin's largest few can make the list, so those are all that is read;
 * a coin without a price counts as worth nothing and sorts last.
 */
export async function listTopStakes(ctx: AppContext): Promise<TopStakingItem[]> {
  const candidates = await largestRunningStakes(ctx.db, ASSET_CODES, TOP_STAKING_SIZE);
  const valued = candidates.map((row) => {
    const asset = getAsset(row.stake.asset as AssetCode);
    const price = asset.code === 'USD' ? ONE_USD_PRICE : (ctx.prices.latest(asset.code)?.usd ?? 0n);
    const cents = usdCentsOf(BigInt(row.stake.principal), asset.scale, price);
    return { row, asset, cents };
  });
  valued.sort((a, b) => (a.cents === b.cents ? 0 : a.cents > b.cents ? -1 : 1));
  return valued.slice(0, TOP_STAKING_SIZE).map(({ row, asset, cents }) => {
    const view = adminStakeView(row);
    return {
      _id: view._id,
      user: view.user,
      userdata: view.userdata,
      currency_code: view.currency_code,
      starting_balance: view.starting_balance,
      interest: formatMinor(stakeInterestMinor(row.stake), asset.scale),
      interest_rate: view.interest_rate,
      status: view.status,
      value_usd: formatMinor(cents, 2),
    };
  });
}
