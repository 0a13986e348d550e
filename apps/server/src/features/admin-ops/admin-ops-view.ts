import type { AdminStake, AdminTransaction, DashboardKyc, WalletTransaction } from '@exchange/contracts';
import {
  type AssetCode,
  formatApyPercent,
  formatMinor,
  getAsset,
  isAssetCode,
  stakeInterest,
  USD_CENTS_SCALE,
  usdCentsOf,
} from '@exchange/domain';
import { userCard } from '../../platform/user-card';
import type { StakeWithUser, TransactionWithUser } from './admin-lists.repository';
import type { latestPendingKyc } from './admin-stats.repository';

function side(asset: string | null, amount: string | null): WalletTransaction['from'] {
  if (asset === null || amount === null) return null;
  const scale = isAssetCode(asset) ? getAsset(asset).scale : 0;
  return { currency_code: asset, amount: formatMinor(BigInt(amount), scale) };
}

/** A USD price (PRICE_DECIMALS) usable now, or undefined: the valuation's `usablePrice`. */
export type PriceOf = (asset: AssetCode) => bigint | undefined;

/**
 * The USD value of the movement's amount (what left the wallet, or what arrived when nothing left
 * it) at today's price; null without a usable price. USD is its own value.
 */
function valueNow(tx: TransactionWithUser['tx'], priceOf: PriceOf): string | null {
  const asset = tx.fromAsset ?? tx.toAsset;
  const amount = tx.fromAmount ?? tx.toAmount;
  if (asset === null || amount === null || !isAssetCode(asset)) return null;
  const { scale } = getAsset(asset);
  if (asset === 'USD') return formatMinor(BigInt(amount), scale);
  const price = priceOf(asset);
  return price === undefined ? null : formatMinor(usdCentsOf(BigInt(amount), scale, price), USD_CENTS_SCALE);
}

/**
 * A wallet transaction with its user, as the admin lists show it (spec section 3), valued at today's
 * prices when `priceOf` is given.
 */
export function adminTransactionView({ tx, user }: TransactionWithUser, priceOf?: PriceOf): AdminTransaction {
  return {
    _id: tx.id,
    createdAt: tx.createdAt.toISOString(),
    operation_type: tx.operationType,
    operation: tx.operation,
    from: side(tx.fromAsset, tx.fromAmount),
    to: side(tx.toAsset, tx.toAmount),
    status: tx.status,
    user_id: { _id: user.id, name: user.name },
    ...userCard(user),
    reference: tx.reference,
    value_usd: priceOf ? valueNow(tx, priceOf) : null,
  };
}

/** The interest a stake pays: what was paid, or what it will pay at maturity (rounded down). */
export function stakeInterestMinor(stake: StakeWithUser['stake']): bigint {
  if (stake.interest !== null) return BigInt(stake.interest);
  return stakeInterest(BigInt(stake.principal), BigInt(stake.apyBps), stake.days);
}

/** A stake with its user, as /admin/get-all-stake lists it (spec section 3). */
export function adminStakeView({ stake, user, transactionId }: StakeWithUser): AdminStake {
  const asset = getAsset(stake.asset as AssetCode);
  const principal = BigInt(stake.principal);
  return {
    _id: stake.id,
    user: user.id,
    userdata: userCard(user),
    start_date: stake.startDate.toISOString(),
    end_date: stake.endDate.toISOString(),
    starting_balance: formatMinor(principal, asset.scale),
    closing_balance: formatMinor(principal + stakeInterestMinor(stake), asset.scale),
    currency_code: asset.code,
    days: stake.days,
    interest_rate: formatApyPercent(BigInt(stake.apyBps)),
    status: stake.status,
    transactiondata: transactionId ? { _id: transactionId } : null,
    createdAt: stake.createdAt.toISOString(),
  };
}

export function dashboardKycView({
  kyc,
  user,
}: Awaited<ReturnType<typeof latestPendingKyc>>[number]): DashboardKyc {
  return {
    _id: kyc.id,
    user_id: user.id,
    first_name: kyc.firstName,
    last_name: kyc.lastName,
    status: kyc.status,
    createdAt: kyc.createdAt.toISOString(),
    userdata: userCard(user),
  };
}
