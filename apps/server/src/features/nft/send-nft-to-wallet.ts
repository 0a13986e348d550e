import { randomUUID } from 'node:crypto';
import { messages as m, type NftSendOutRequest } from '@exchange/contracts';
import {
  checkWithdrawalDestination,
  checkWithdrawalEligibility,
  checkWithdrawalPause,
  decideNftSendOut,
} from '@exchange/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { nftItems, nftSendOuts } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { nftTransferData } from '../../platform/chain/nft-contract';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findUserById } from '../accounts/accounts.repository';
import {
  proveAccountSecondFactorForAction,
  type SecondFactorPass,
  spendProvedRecoveryCode,
  twoFactorOn,
} from '../accounts/second-factor';
import { lastSecurityChangeOf } from '../accounts/withdrawal-pause';
import { recordAdminAction } from '../audit/record-admin-action';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import { hasOpenDebt } from '../outflow/outflow.repository';
import { assertWithinDailyLimit } from '../withdrawals/daily-limit';
import { withdrawalRuleError } from '../withdrawals/withdrawal-rejections';
import { findNftActor, findNftItem } from './nft.repository';
import type { NftChain } from './nft-chain';
import { nftItemState } from './nft-item-state';
import { nftRuleError } from './nft-rejections';
import { nftDestinationStanding, nftValueCents } from './nft-send-out-controls';

const ADDRESS_REFUSALS = {
  address_required: m.withdrawalAddressRequired,
  address_invalid: m.withdrawalAddressInvalid,
  address_checksum: m.withdrawalAddressChecksum,
  address_zero: m.withdrawalAddressZero,
  address_own: m.nftAddressOwn,
} as const;

/**
 * POST /nft/sendToWallet: the owner sends a minted item's token out of the exchange to an address of
 * their own. In order: the item and the rules (decideNftSendOut: a customer who may move value, the
 * owner, not gone or going, off sale, minted), the address (the domain's EIP-55 rule; not the hot
 * wallet nor the contract), then the coin withdrawals' own outflow rules with their codes and messages
 * (checkWithdrawalEligibility: account active, KYC, two-factor on, no open debt, and, as no admin
 * reviews a send-out, an address used before or an address-book entry past its cool-down), the deposit
 * hold at the item's value (nftValueCents), the second factor (a recovery code checked, not spent),
 * and last the pause after a security change, so the form's own mistakes are answered first during
 * it. Then one transaction: the recovery code spent (a refusal below rolls it back), the daily withdrawal limit at the item's value (on the owner's withdrawal
 * lock, counted with coin and USD withdrawals), the item moves MINTED → SENDING only if it is still the
 * owner's, off sale and MINTED (of parallel requests exactly one gets it; the others are told it is on
 * its way), the send-out is recorded with its value, the transfer (safeTransferFrom hot wallet →
 * address) goes into the chain sender's outbox, and the request is audited. While SENDING the item can
 * be neither listed nor bought; the handler ends it.
 */
export async function sendNftToWallet(
  ctx: AppContext,
  nft: NftChain | null,
  userId: string,
  body: NftSendOutRequest,
): Promise<void> {
  const [actor, item] = await Promise.all([findNftActor(ctx.db, userId), findNftItem(ctx.db, body.id)]);
  if (!actor || !item) throw new AppError('not_found', m.nftNotFound);
  if (item.status === 'HIDDEN' && item.ownerId !== userId) throw new AppError('not_found', m.nftNotFound);
  const decided = decideNftSendOut(actor, nftItemState(item));
  if (!decided.ok) throw nftRuleError(decided.code);
  // The token must be on the chain the exchange signs for now (a contract changed since is not).
  if (!nft || item.chain !== nft.chain.key || item.contractAddress !== nft.contract || !item.tokenId)
    throw nftRuleError('nft_not_on_chain');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  const address = checkWithdrawalDestination(body.address, [nft.hot, nft.contract]);
  if (!address.ok) throw new AppError('bad_request', ADDRESS_REFUSALS[address.code]);
  // The same outflow rules as a coin withdrawal (checkWithdrawalEligibility), with the destination a
  // coin withdrawal would flag for review refused instead: no admin looks at a send-out.
  const now = ctx.clock.now();
  const eligible = checkWithdrawalEligibility({
    accountActive: user.status === 'ACTIVE',
    withdrawalsFrozen: user.withdrawalsFrozenAt !== null,
    kycVerified: user.isKycVerified,
    twoFactorOn: twoFactorOn(user),
    outflow: { openDebts: (await hasOpenDebt(ctx.db, userId)) ? 1 : 0 },
    coolDownMs: ctx.config.withdrawals.coolDownMs,
    now,
    unreviewedDestination: await nftDestinationStanding(ctx.db, userId, nft.chain.key, address.value),
  });
  if (!eligible.ok) throw withdrawalRuleError(eligible, item.asset);
  const valueCents = await nftValueCents(ctx.db, ctx, item);
  await assertOutflowAllowed(ctx, userId, 'withdrawal', { asset: 'USD', amount: valueCents });
  const secondFactor = await proveAccountSecondFactorForAction(ctx, user, {
    totp: body.totp,
    recoveryCode: body.recovery_code,
  });
  const paused = checkWithdrawalPause({
    lastSecurityChangeAt: lastSecurityChangeOf(user),
    coolDownMs: ctx.config.withdrawals.coolDownMs,
    now,
  });
  if (!paused.ok) throw withdrawalRuleError(paused, item.asset);
  await placeNftSendOut(ctx, nft, {
    itemId: item.id,
    ownerId: userId,
    tokenId: BigInt(item.tokenId),
    address: address.value as Address,
    valueCents,
    secondFactor,
  });
}

/**
 * The send itself, once everything else is checked: the daily limit ('daily_limit', 422), MINTED →
 * SENDING by a conditional update (one request of many wins), the send-out's record, the outbox row and
 * the audit line, in one transaction. 409 when the item is no longer the owner's, is for sale, or is
 * already on its way.
 */
export async function placeNftSendOut(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  nft: NftChain,
  send: {
    itemId: string;
    ownerId: string;
    tokenId: bigint;
    address: Address;
    valueCents: bigint;
    secondFactor?: SecondFactorPass;
  },
): Promise<void> {
  const reference = `${send.itemId}:${randomUUID()}`;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // The daily limit, serialised with the owner's withdrawals on their advisory lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`withdrawal:${send.ownerId}`}))`);
    if (send.secondFactor) await spendProvedRecoveryCode(tx, send.ownerId, send.secondFactor, now);
    await assertWithinDailyLimit(tx, ctx.config, send.ownerId, send.valueCents, 'USD', now);
    if (!(await lockForSending(tx, send, reference, now))) throw new AppError('conflict', m.nftSending);
    await tx.insert(nftSendOuts).values({
      id: randomUUID(),
      userId: send.ownerId,
      itemId: send.itemId,
      chain: nft.chain.key,
      address: send.address,
      valueCents: send.valueCents.toString(),
      createdAt: now,
    });
    await nft.sender.enqueue(tx, {
      chain: nft.chain.key,
      purpose: 'NFT_TRANSFER',
      reference,
      from: { kind: 'hot' },
      to: nft.contract,
      value: 0n,
      data: nftTransferData(nft.hot, send.address, send.tokenId),
    });
    await recordAdminAction(tx, {
      adminId: send.ownerId,
      action: 'NFT_SEND_REQUESTED',
      targetUserId: send.ownerId,
      details: {
        item: send.itemId,
        token_id: send.tokenId.toString(),
        address: send.address,
        value_cents: send.valueCents.toString(),
      },
    });
  });
}

async function lockForSending(
  tx: DbOrTx,
  send: { itemId: string; ownerId: string; address: string },
  reference: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(nftItems)
    .set({
      chainState: 'SENDING',
      chainReference: reference,
      withdrawnTo: send.address,
      withdrawTxHash: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(nftItems.id, send.itemId),
        eq(nftItems.ownerId, send.ownerId),
        eq(nftItems.listed, false),
        eq(nftItems.chainState, 'MINTED'),
      ),
    )
    .returning({ id: nftItems.id });
  return rows.length === 1;
}
