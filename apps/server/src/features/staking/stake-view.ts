import type { Stake, StakeOption } from '@exchange/contracts';
import {
  type AssetCode,
  assetIconPath,
  formatApyPercent,
  formatMinor,
  getAsset,
  isMatured,
  stakeInterest,
} from '@exchange/domain';
import type { StakeOptionWithVariants, StakeRow } from './staking.repository';

export function stakeOptionView(option: StakeOptionWithVariants): StakeOption {
  const asset = getAsset(option.asset as AssetCode);
  return {
    _id: option.id,
    name: option.name,
    symbol: asset.code,
    image_url: assetIconPath(asset.code),
    variants: option.variants.map((v) => ({
      duration: v.durationDays,
      apy: formatApyPercent(v.apyBps),
      min_amount: formatMinor(v.minAmount, asset.scale),
    })),
  };
}

/** A stake as the spec lists it; `closing_balance` is what it pays at maturity (interest rounded down). */
export function stakeView(row: StakeRow, now: Date): Stake {
  const asset = getAsset(row.asset as AssetCode);
  const principal = BigInt(row.principal);
  const apyBps = BigInt(row.apyBps);
  const interest = row.interest !== null ? BigInt(row.interest) : stakeInterest(principal, apyBps, row.days);
  return {
    _id: row.id,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    starting_balance: formatMinor(principal, asset.scale),
    closing_balance: formatMinor(principal + interest, asset.scale),
    currency_code: asset.code,
    days: row.days,
    interest_rate: formatApyPercent(apyBps),
    status: row.status,
    matured: isMatured(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}
