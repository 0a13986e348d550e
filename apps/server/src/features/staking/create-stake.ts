import { randomUUID } from 'node:crypto';
import { type CreateStakeBody, messages } from '@exchange/contracts';
import {
  type AssetCode,
  assert,
  checkStakeRequest,
  decideStakeCreation,
  getAsset,
  holdPostings,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { stakeRuleError } from './stake-rejections';
import { insertStake, listStakeOptions } from './staking.repository';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function daysOf(days: CreateStakeBody['days']): number | null {
  if (typeof days === 'number') return days;
  const text = days?.trim() ?? '';
  return /^\d{1,4}$/.test(text) ? Number.parseInt(text, 10) : null;
}

/**
 * Creates a stake for the signed-in user (the payload's user_id is ignored). Checks, in order: the
 * option exists (404), then the domain's rules (checkStakeRequest): a variant of that many days
 * ('Please Select Duration'), an amount ('Please Select Stake Amount'), a valid one ('Please Enter
 * Valid Stake Amount': a positive decimal at the coin's scale, so '-5', '0' and 'abc' are typed amounts
 * the user must correct, not missing ones), the variant's minimum; then the ledger moves the principal
 * from AVAILABLE to LOCKED ('Insufficient amount' when the balance does not cover it: the rules' last,
 * so no balance is read before; the conditional debit makes parallel stakes on one balance unable to
 * overdraw it).
 */
export async function createStake(ctx: AppContext, userId: string, request: CreateStakeBody): Promise<void> {
  const optionId = request.stake_option_id.trim();
  const [option] = UUID.test(optionId) ? await listStakeOptions(ctx.db, optionId) : [];
  if (!option) throw new AppError('not_found', messages.stakeOptionNotFound);
  const asset = getAsset(option.asset as AssetCode);
  const days = daysOf(request.days);
  const variant = option.variants.find((v) => v.durationDays === days);
  const checked = checkStakeRequest({
    asset: asset.code,
    variant,
    amount: request.starting_balance,
    balance: undefined,
  });
  if (!checked.ok) throw stakeRuleError(checked.code, checked.params);
  const decided = decideStakeCreation(variant, checked.value, ctx.clock.now());
  // checkStakeRequest holds decideStakeCreation's rules and more: it cannot refuse what passed them.
  assert(decided.ok, 'a stake request that passed its rules is decided');
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
      event: { kind: 'stake', asset: asset.code, amount: stake.principal },
      status: 'SUCCESS',
      entryId: posted.value.entryId,
    });
  });
}
