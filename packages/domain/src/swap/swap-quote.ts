import { type AssetCode, getAsset } from '../assets';
import { type Posting, systemAccount, userAccount } from '../ledger';
import { feeOf, type Minor, pow10, rescale } from '../money';
import { convertByPrices, PRICE_DECIMALS, rateBetween } from '../prices';
import { ok, type Result, reject } from '../result';

/** Decimal places of a swap's displayed rate (units of `to` per unit of `from`). */
export const SWAP_RATE_DECIMALS = PRICE_DECIMALS;

/** Decimal places the platform coin is handed out in when bought (spec: 'shown to 4 decimals'). */
export const MULTI_RECEIVE_DECIMALS = 4;

export interface SwapPricing {
  readonly from: AssetCode;
  readonly to: AssetCode;
  /** What the user gives, in minor units of `from`. */
  readonly fromAmount: Minor;
  /** USD reference prices, scaled by 10^PRICE_DECIMALS. */
  readonly fromUsd: bigint;
  readonly toUsd: bigint;
  readonly feeBps: bigint;
  /**
   * How many decimals of `to` the user may receive (at most the asset's scale): the amount is rounded
   * down to it, so the house keeps the dust. Defaults to the asset's scale.
   */
  readonly receiveDecimals?: number;
}

export interface SwapAmounts {
  /** Units of `to` per unit of `from`, scaled by 10^SWAP_RATE_DECIMALS, rounded down (display only). */
  readonly rate: bigint;
  /** `fromAmount` converted at the two reference prices, rounded down, in minor units of `to`. */
  readonly gross: Minor;
  /** The swap fee on `gross`, rounded up. */
  readonly fee: Minor;
  /** What the user receives: gross - fee, rounded down to `receiveDecimals`. */
  readonly receive: Minor;
  /** What the house keeps of `to`: fee plus rounding dust (gross - receive). */
  readonly kept: Minor;
}

export type SwapRejection = 'same_asset' | 'amount_not_positive' | 'nothing_to_receive';

/**
 * Prices a swap of `fromAmount` of one asset into another against the house. Rejections, in this
 * order: equal assets (`same_asset`); a non-positive amount (`amount_not_positive`); an amount too
 * small to receive anything after fee and rounding (`nothing_to_receive`). Every rounding favours the
 * house: the conversion rounds down, the fee rounds up, and the result is cut to `receiveDecimals`.
 * The exact arithmetic is one bigint division (see `convertByPrices`), so nothing is lost in between.
 */
export function priceSwap(input: SwapPricing): Result<SwapAmounts, SwapRejection> {
  if (input.from === input.to) return reject('same_asset');
  if (input.fromAmount <= 0n) return reject('amount_not_positive');
  const fromScale = getAsset(input.from).scale;
  const toScale = getAsset(input.to).scale;
  const gross = convertByPrices(
    input.fromAmount,
    { scale: fromScale, usd: input.fromUsd },
    { scale: toScale, usd: input.toUsd },
    'down',
  );
  const fee = feeOf(gross, input.feeBps);
  const decimals = Math.min(input.receiveDecimals ?? toScale, toScale);
  const cut = pow10(toScale - decimals);
  const afterFee = gross - fee;
  const receive = afterFee > 0n ? rescale(afterFee, toScale, decimals, 'down') * cut : 0n;
  if (receive <= 0n) return reject('nothing_to_receive');
  const rate = rateBetween(input.fromUsd, input.toUsd, SWAP_RATE_DECIMALS, 'down');
  return ok({ rate, gross, fee, receive, kept: gross - receive });
}

/**
 * The one entry of a swap: the user's `from` goes to the house's inventory, the house's `to`
 * inventory pays the user `receive` and the fee revenue the rest it keeps (fee and rounding dust).
 * Zero postings are left out. It balances per asset by construction.
 */
export function swapPostings(
  userId: string,
  from: AssetCode,
  to: AssetCode,
  fromAmount: Minor,
  amounts: Pick<SwapAmounts, 'gross' | 'receive' | 'kept'>,
): Posting[] {
  const postings: Posting[] = [
    { account: userAccount(userId, from), amount: -fromAmount },
    { account: systemAccount('HOUSE_INVENTORY', from), amount: fromAmount },
    { account: systemAccount('HOUSE_INVENTORY', to), amount: -amounts.gross },
    { account: systemAccount('FEE_REVENUE', to), amount: amounts.kept },
    { account: userAccount(userId, to), amount: amounts.receive },
  ];
  return postings.filter((p) => p.amount !== 0n);
}
