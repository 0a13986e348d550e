import type { WithdrawalTerms as WireTerms } from '@exchange/contracts';
import { formatMessage, messages as m } from '@exchange/contracts';
import {
  type AssetCode,
  formatMinor,
  getAsset,
  isAssetCode,
  USD_CENTS_SCALE,
  WITHDRAWABLE_ASSETS,
  type WithdrawalTerms,
  withdrawalPrecision,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { findUserById } from '../accounts/accounts.repository';
import { twoFactorOn } from '../accounts/second-factor';
import { withdrawalsPausedUntilOf } from '../accounts/withdrawal-pause';
import { loadUserBalances } from '../ledger/ledger.repository';
import { coinTermsOf, isChainWithdrawable, toWithdrawalChain } from './coin-sends/coin-terms';
import { withdrawnCentsSince } from './withdrawals.repository';

/** How long the e-mailed confirmation code of a withdrawal may be used. */
export const WITHDRAWAL_CODE_TTL_MS = 15 * 60_000;

/** An asset's withdrawal terms under this configuration, or undefined when it cannot be withdrawn yet. */
export function withdrawalTermsOf(
  config: Pick<Config, 'withdrawals'>,
  asset: string,
): WithdrawalTerms | undefined {
  if (!isAssetCode(asset) || !WITHDRAWABLE_ASSETS.includes(asset)) return undefined;
  // USD to PayPal; coins leave on a chain (coin-terms.ts).
  return {
    asset,
    method: 'paypal',
    minimum: config.withdrawals.usdMinimumCents,
    fee: config.withdrawals.usdFeeCents,
  };
}

/**
 * What the withdraw form shows before the customer types anything: where the money goes (the PayPal
 * e-mail on their profile: the account's e-mail; '' for a coin, whose address the customer names),
 * the chain and the chains a coin can leave on, the minimum, the fee, the decimals an amount may
 * have (the chain's, when fewer than the ledger's), the available balance (for
 * Max), whether two-factor is on, when the pause after a security change ends (told at the top of the
 * form; the form is still checked during it), and what the daily limit still allows.
 */
export async function getWithdrawalTerms(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: string,
  assetText: string,
  chainKey?: string,
): Promise<WireTerms> {
  const coin = isChainWithdrawable(ctx.config, assetText)
    ? coinTermsOf(ctx.config, assetText, chainKey)
    : undefined;
  if (isChainWithdrawable(ctx.config, assetText) && !coin)
    throw new AppError('unprocessable', formatMessage(m.withdrawalChainUnknown, { asset: assetText }));
  const terms = coin?.terms ?? withdrawalTermsOf(ctx.config, assetText);
  if (!terms) throw new AppError('unprocessable', m.withdrawalNotWithdrawable);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  const scale = getAsset(terms.asset as AssetCode).scale;
  const balances = await loadUserBalances(ctx.db, userId);
  const available = balances.find((b) => b.asset === terms.asset && b.kind === 'AVAILABLE')?.balance ?? 0n;
  const limit = ctx.config.withdrawals.dailyLimitCents;
  const used = limit > 0n ? await withdrawnCentsSince(ctx.db, userId, dayBefore(ctx.clock.now())) : 0n;
  return {
    asset: terms.asset,
    method: terms.method,
    destination: coin ? '' : user.email,
    chain: coin ? toWithdrawalChain(coin.chain) : null,
    chains: coin ? coin.chains.map(toWithdrawalChain) : [],
    address_cool_down_hours: Math.round(ctx.config.withdrawals.coolDownMs / 3_600_000),
    minimum: formatMinor(terms.minimum, scale),
    fee: formatMinor(terms.fee, scale),
    precision: withdrawalPrecision(terms),
    available: formatMinor(available, scale),
    two_factor_on: twoFactorOn(user),
    paused_until: withdrawalsPausedUntilOf(ctx.config, user, ctx.clock.now()),
    daily_left_usd: limit > 0n ? formatMinor(used >= limit ? 0n : limit - used, USD_CENTS_SCALE) : null,
    code_ttl_minutes: WITHDRAWAL_CODE_TTL_MS / 60_000,
  };
}

export function dayBefore(now: Date): Date {
  return new Date(now.getTime() - 86_400_000);
}
