import { type AssetCode, getAsset } from '../assets';
import { type Posting, systemAccount, userAccount } from '../ledger';
import { feeOf, type Minor, rescale } from '../money';
import { PRICE_DECIMALS } from '../prices';

export interface InstantAmounts {
  /** price × quantity in USD cents: rounded up for a buy, down for a sell. */
  readonly cost: Minor;
  /** The instant fee on `cost`, rounded up. */
  readonly fee: Minor;
  /** Buy: what the user pays (cost + fee). Sell: what the user receives (cost - fee). */
  readonly total: Minor;
}

/**
 * Prices an instant order against the house: `quantity` in the coin's minor units, `priceUsd` with
 * PRICE_DECIMALS decimals. Every rounding favours the house. A cost that rounds to zero cents, or a
 * sale whose fee would eat it all, is the caller's rejection (nothing worth trading).
 */
export function instantAmounts(
  side: 'buy' | 'sell',
  asset: AssetCode,
  quantity: Minor,
  priceUsd: bigint,
  feeBps: bigint,
): InstantAmounts {
  const exact = quantity * priceUsd;
  const cost = rescale(exact, getAsset(asset).scale + PRICE_DECIMALS, 2, side === 'buy' ? 'up' : 'down');
  const fee = feeOf(cost, feeBps);
  return { cost, fee, total: side === 'buy' ? cost + fee : cost - fee };
}

/**
 * The one entry of an instant trade. Buy: the user's USD pays the house the cost and the fee revenue
 * the fee, the house's coin inventory delivers the quantity. Sell: mirrored, the fee kept from the USD
 * the house pays out. Zero postings are left out.
 */
export function instantPostings(
  userId: string,
  side: 'buy' | 'sell',
  asset: AssetCode,
  quantity: Minor,
  amounts: InstantAmounts,
): Posting[] {
  const sign = side === 'buy' ? 1n : -1n;
  const postings: Posting[] = [
    { account: userAccount(userId, 'USD'), amount: side === 'buy' ? -amounts.total : amounts.total },
    { account: systemAccount('HOUSE_INVENTORY', 'USD'), amount: sign * amounts.cost },
    { account: systemAccount('FEE_REVENUE', 'USD'), amount: amounts.fee },
    { account: systemAccount('HOUSE_INVENTORY', asset), amount: -sign * quantity },
    { account: userAccount(userId, asset), amount: sign * quantity },
  ];
  return postings.filter((p) => p.amount !== 0n);
}
