import { createHmac, randomInt, randomUUID } from 'node:crypto';
import {
  formatMessage,
  messages as m,
  type RequestWithdrawalBody,
  type WithdrawalItem,
} from '@exchange/contracts';
import {
  type AssetCode,
  checkWithdrawalAmount,
  checkWithdrawalEligibility,
  checkWithdrawalPause,
  getAsset,
  usdCentsOf,
  userAccount,
  type WithdrawalMethod,
  type WithdrawalRiskFlag,
  withdrawalRiskFlags,
} from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/app-context';
import type { Config } from '../../../platform/config';
import { AppError } from '../../../platform/errors';
import { requireFreshPrice } from '../../../platform/prices';
import { findUserById } from '../../accounts/accounts.repository';
import {
  proveAccountSecondFactorForAction,
  type SecondFactorPass,
  spendProvedRecoveryCode,
  twoFactorOn,
} from '../../accounts/second-factor';
import { lastSecurityChangeOf } from '../../accounts/withdrawal-pause';
import { loadBalances } from '../../ledger/ledger.repository';
import { assertOutflowAllowed } from '../../outflow/assert-outflow-allowed';
import { hasOpenDebt } from '../../outflow/outflow.repository';
import { type HotWallets, resolveCoinDestination } from '../coin-sends/coin-destination';
import { coinTermsOf, isChainWithdrawable } from '../coin-sends/coin-terms';
import { assertWithinDailyLimit } from '../daily-limit';
import { holdWithdrawal } from '../withdrawal-ledger';
import { sendWithdrawalCodeMail } from '../withdrawal-mail';
import { withdrawalRuleError } from '../withdrawal-rejections';
import { WITHDRAWAL_CODE_TTL_MS, withdrawalTermsOf } from '../withdrawal-terms';
import { toWithdrawalItem } from '../withdrawal-views';
import {
  insertWithdrawal,
  lastDepositAt,
  pastCompletedValues,
  type WithdrawalRow,
} from '../withdrawals.repository';

/** A security change still raises a review flag for a week after its cool-down-long refusal. */
const SECURITY_REVIEW_MS = 7 * 86_400_000;

/** The confirmation code is bound to its withdrawal, kept as an HMAC keyed with OTP_HMAC_KEY. */
export function hashWithdrawalCode(
  config: Pick<Config, 'otpHmacKey'>,
  withdrawalId: string,
  code: string,
): string {
  return createHmac('sha256', config.otpHmacKey).update(`withdrawal:${withdrawalId}:${code}`).digest('hex');
}

/**
 * Requests a withdrawal for the signed-in customer. In order: the amount's rules (asset, amount,
 * decimals, minimum and fee); the account's (active, KYC-verified, two-factor on, no open debt), then
 * the deposit hold; the destination (a coin's address: checksum, not the zero address, not ours); the
 * AVAILABLE balance (a read, so a typo over the balance is answered now) and the daily limit (a read);
 * the second factor (a code from the authenticator app, or a recovery code, checked but not spent);
 * and only then the pause after a security change, so during the pause the form's own mistakes are
 * answered first. Then, serialised per customer on an advisory lock so parallel requests cannot pass
 * it together, one transaction spends the recovery code, re-checks the daily limit and lets the ledger
 * hold the amount (AVAILABLE to LOCKED, 'Insufficient amount' when it is not there: the conditional
 * debit keeps parallel requests from overdrawing): a refusal there rolls the code's spending back. The
 * withdrawal is REQUESTED, with its risk flags, until the code e-mailed now is entered.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  userId: string,
  body: RequestWithdrawalBody & { amount: string | null },
  wallets?: HotWallets,
): Promise<WithdrawalItem> {
  const assetText = body.asset.trim().toUpperCase();
  const onChain = isChainWithdrawable(ctx.config, assetText);
  const coin = onChain ? coinTermsOf(ctx.config, assetText, body.chain?.trim()) : undefined;
  if (onChain && (!coin || !wallets?.hotWalletAddress(coin.chain.key)))
    throw new AppError('unprocessable', formatMessage(m.withdrawalChainUnknown, { asset: assetText }));
  const checked = checkWithdrawalAmount(
    coin?.terms ?? withdrawalTermsOf(ctx.config, assetText),
    assetText,
    body.amount ?? '',
  );
  if (!checked.ok) throw withdrawalRuleError(checked, assetText);
  const { asset, amount, fee } = checked.value;
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  const now = ctx.clock.now();
  const lastSecurityChangeAt = lastSecurityChangeOf(user);
  const eligible = checkWithdrawalEligibility({
    accountActive: user.status === 'ACTIVE',
    withdrawalsFrozen: user.withdrawalsFrozenAt !== null,
    kycVerified: user.isKycVerified,
    twoFactorOn: twoFactorOn(user),
    outflow: { openDebts: (await hasOpenDebt(ctx.db, userId)) ? 1 : 0 },
    coolDownMs: ctx.config.withdrawals.coolDownMs,
    now,
  });
  if (!eligible.ok) throw withdrawalRuleError(eligible, assetText);
  await assertOutflowAllowed(ctx, userId, 'withdrawal', { asset, amount });
  // A coin goes to an address the customer names (typed, or from the book after its cool-down);
  // USD to PayPal pays the account's own e-mail, never a new destination.
  const destination =
    coin && wallets
      ? await resolveCoinDestination(ctx, wallets, userId, coin.chain, body)
      : { address: user.email, addressId: null, label: null, newAddress: false };
  await assertAvailableCovers(ctx, userId, asset, amount);
  // USD's value in cents is its amount; a coin's is read at a fresh reference price.
  const valueCents = coin
    ? usdCentsOf(amount, getAsset(asset).scale, requireFreshPrice(ctx, asset).usd)
    : amount;
  await assertWithinDailyLimit(ctx.db, ctx.config, userId, valueCents, asset, now);
  const secondFactor = await proveAccountSecondFactorForAction(ctx, user, {
    totp: body.totp,
    recoveryCode: body.recovery_code,
  });
  const paused = checkWithdrawalPause({
    lastSecurityChangeAt,
    coolDownMs: ctx.config.withdrawals.coolDownMs,
    now,
  });
  if (!paused.ok) throw withdrawalRuleError(paused, assetText);
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const flags = withdrawalRiskFlags({
    newAddress: destination.newAddress,
    lastDepositAt: await lastDepositAt(ctx.db, userId),
    lastSecurityChangeAt,
    securityReviewMs: SECURITY_REVIEW_MS,
    valueCents,
    pastValuesCents: await pastCompletedValues(ctx.db, userId),
    firstWithdrawalUnusualCents: ctx.config.withdrawals.autoApproveBelowCents,
    now,
  });
  const row = await placeWithdrawal(ctx, {
    userId,
    asset,
    amount,
    fee,
    valueCents,
    destination: destination.address,
    method: coin ? 'chain' : 'paypal',
    chain: coin?.chain.key ?? null,
    addressId: destination.addressId,
    label: destination.label,
    flags,
    code,
    secondFactor,
    now,
  });
  await sendWithdrawalCodeMail(ctx, row, code, WITHDRAWAL_CODE_TTL_MS / 60_000);
  return toWithdrawalItem(row);
}

/** A checked withdrawal, ready to be held and recorded. */
export interface PlacedWithdrawal {
  readonly userId: string;
  readonly asset: AssetCode;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly valueCents: bigint;
  readonly destination: string;
  readonly method?: WithdrawalMethod;
  /** Coins: the chain, and the address-book entry (with its label) the destination came from. */
  readonly chain?: string | null;
  readonly addressId?: string | null;
  readonly label?: string | null;
  readonly flags: WithdrawalRiskFlag[];
  /** The confirmation code to mail; only its HMAC is stored. */
  readonly code: string;
  /** The proved second factor: its recovery code, if any, is spent in the placing transaction. */
  readonly secondFactor?: SecondFactorPass;
  readonly now: Date;
}

/**
 * 'Insufficient amount' when the AVAILABLE balance does not cover the amount: a read before the second
 * factor and the pause, so the mistake is answered at once. The ledger's conditional hold stays the
 * check parallel requests cannot race past.
 */
async function assertAvailableCovers(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  asset: AssetCode,
  amount: bigint,
): Promise<void> {
  const [available = 0n] = (await loadBalances(ctx.db, [userAccount(userId, asset)])).values();
  if (available < amount) throw new AppError('insufficient_funds', m.insufficientAmount);
}

/**
 * Holds and records a checked withdrawal: serialised per customer on an advisory lock (so parallel
 * requests cannot pass the daily limit together), the recovery code of its second factor spent (of
 * parallel requests with one code only the first gets it), the daily limit, then the ledger's hold (the
 * conditional debit: 'Insufficient amount' when AVAILABLE does not cover it), then the REQUESTED row
 * with the code's HMAC and expiry, all in one transaction.
 */
export async function placeWithdrawal(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: PlacedWithdrawal,
): Promise<WithdrawalRow> {
  const { userId, asset, amount, now } = input;
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`withdrawal:${userId}`}))`);
    if (input.secondFactor) await spendProvedRecoveryCode(tx, userId, input.secondFactor, now);
    await assertWithinDailyLimit(tx, ctx.config, userId, input.valueCents, asset, now);
    await holdWithdrawal(tx, { id, userId, asset, amount });
    return insertWithdrawal(tx, {
      id,
      userId,
      asset,
      method: input.method ?? 'paypal',
      destination: input.destination,
      chain: input.chain ?? null,
      addressId: input.addressId ?? null,
      label: input.label ?? null,
      amount: amount.toString(),
      fee: input.fee.toString(),
      valueCents: input.valueCents.toString(),
      status: 'REQUESTED',
      flags: input.flags,
      confirmCodeHash: hashWithdrawalCode(ctx.config, id, input.code),
      confirmExpiresAt: new Date(now.getTime() + WITHDRAWAL_CODE_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
  });
}
