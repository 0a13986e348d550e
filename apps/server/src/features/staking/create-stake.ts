import { randomUUID } from 'node:crypto';
import { type CreateStakeBody, formatMessage, messages } from '@exchange/contracts';
import {
  type AssetCode,
  decideStakeCreation,
  formatMinorTrimmed,
  getAsset,
  holdPostings,
  parseDecimal,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../wallet/wallet.repository';
import { insertStake, listStakeOptions } from './staking.repository';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function daysOf(days: CreateStakeBody['days']): number | null {
  if (typeof days === 'number') return days;
  const text = days?.trim() ?? '';
  return /^\d{1,4}$/.test(text) ? Number.parseInt(text, 10) : null;
}

/**
 * Creates a stake for the signed-in user (the payload's user_id is ignored). Checks, in order: the
 * option exists (404), a variant of that many days ('Please Select Duration'), an amount ('Please
 * Select Stake Amount'), a valid one ('Please Enter Valid Stake Amount': a positive decimal at the
 * coin's scale, so '-5', '0' and 'abc' are typed amounts the user must correct, not missing ones),
 * the variant's minimum, then the ledger moves the principal from AVAILABLE to LOCKED ('Insufficient
 * amount' when the balance does not cover it; the conditional debit makes parallel stakes on one
 * balance unable to overdraw it).
 */
export async function createStake(ctx: AppContext, userId: string, request: CreateStakeBody): Promise<void> {
  const optionId = request.stake_option_id.trim();
  const [option] = UUID.test(optionId) ? await listStakeOptions(ctx.db, optionId) : [];
  if (!option) throw new AppError('not_found', messages.stakeOptionNotFound);
  const asset = getAsset(option.asset as AssetCode);
  const days = daysOf(request.days);
  const variant = option.variants.find((v) => v.durationDays === days);
  const text = request.starting_balance ?? '';
  let principal: bigint | null = null;
  if (text !== '') {
    principal = parseDecimal(text, asset.scale, 'exact');
    const valid = principal !== null && principal > 0n;
    if (!valid && variant) throw new AppError('unprocessable', messages.stakeAmountInvalid);
  }
  const now = ctx.clock.now();
  const decided = decideStakeCreation(variant, principal, now);
  if (!decided.ok) {
    if (decided.code === 'stake_duration_required')
      throw new AppError('unprocessable', messages.stakeDurationRequired);
    if (decided.code === 'stake_amount_required')
      throw new AppError('unprocessable', messages.stakeAmountRequired);
    throw new AppError(
      'unprocessable',
      formatMessage(messages.stakeBelowMinimum, {
        min: formatMinorTrimmed(variant?.minAmount ?? 0n, asset.scale),
      }),
    );
  }
  const stake = decided.value;
  await ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    const reference = `stake:create:${id}`;
    const posted = await postEntry(tx, {
      kind: 'STAKE_HOLD',
      reference,
      userId,
      postings: holdPostings(userId, asset.code, stake.principal),
      memo: { stake: id },
    });
    if (!posted.ok) throw new AppError('insufficient_funds', messages.insufficientAmount);
    await insertStake(tx, {
      id,
      userId,
      optionId: option.id,
      asset: asset.code,
      principal: stake.principal.toString(),
      apyBps: Number(stake.apyBps),
      days: stake.days,
      startDate: stake.startDate,
      endDate: stake.endDate,
      status: 'ACTIVE',
      entryId: posted.value.entryId,
    });
    await upsertWalletTransaction(tx, {
      reference,
      userId,
      operationType: 'CRYPTO',
      operation: 'STAKE',
      from: { asset: asset.code, amount: stake.principal },
      to: null,
      status: 'SUCCESS',
      entryId: posted.value.entryId,
    });
  });
}
