import { randomUUID } from 'node:crypto';
import { nftMessages as m, messages, type NftSendOutRequest } from '@exchange/contracts';
import { checkWithdrawalDestination, decideNftSendOut } from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { nftItems } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nftTransferData } from '../../platform/nft-contract';
import { recordAdminAction } from '../audit/record-admin-action';
import { findUserById } from '../auth/auth.repository';
import { proveAccountSecondFactor, twoFactorOn } from '../auth/two-factor';
import { assertOutflowAllowed } from '../debts/assert-outflow-allowed';
import { findNftActor, findNftItem } from './nft.repository';
import type { NftChain } from './nft-chain';
import { nftItemState } from './nft-item-state';
import { nftRuleError } from './nft-rejections';

const ADDRESS_REFUSALS = {
  address_required: messages.withdrawalAddressRequired,
  address_invalid: messages.withdrawalAddressInvalid,
  address_checksum: messages.withdrawalAddressChecksum,
  address_zero: messages.withdrawalAddressZero,
  address_own: m.nftAddressOwn,
} as const;

/**
 * POST /nft/sendToWallet: the owner sends a minted item's token out of the exchange to an address of
 * their own. In order: the item and the rules (decideNftSendOut: a customer who may move value, the
 * owner, not gone or going, off sale, minted), an open debt, two-factor on (refused without, as coin
 * withdrawals are), the address (the domain's EIP-55 rule; not the hot wallet nor the contract), the
 * second factor. Then one transaction: the item moves MINTED → SENDING only if it is still the owner's,
 * off sale and MINTED (of parallel requests exactly one gets it; the others are told it is on its
 * way), the transfer (safeTransferFrom hot wallet → address) goes into the chain sender's outbox, and
 * the request is audited. While SENDING the item can be neither listed nor bought; the handler ends it.
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
  await assertOutflowAllowed(ctx, userId, 'withdrawal');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  if (!twoFactorOn(user)) throw new AppError('two_factor_required', messages.withdrawalTwoFactorRequired);
  const address = checkWithdrawalDestination(body.address, [nft.hot, nft.contract]);
  if (!address.ok) throw new AppError('bad_request', ADDRESS_REFUSALS[address.code]);
  await proveAccountSecondFactor(ctx, user, { totp: body.totp, recoveryCode: body.recovery_code });
  await placeNftSendOut(ctx, nft, {
    itemId: item.id,
    ownerId: userId,
    tokenId: BigInt(item.tokenId),
    address: address.value as Address,
  });
}

/**
 * The send itself, once everything is checked: MINTED → SENDING by a conditional update (one request
 * of many wins), the outbox row and the audit line, in one transaction. 409 when the item is no longer
 * the owner's, is for sale, or is already on its way.
 */
export async function placeNftSendOut(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  nft: NftChain,
  send: { itemId: string; ownerId: string; tokenId: bigint; address: Address },
): Promise<void> {
  const reference = `${send.itemId}:${randomUUID()}`;
  await ctx.db.transaction(async (tx) => {
    if (!(await lockForSending(tx, send, reference, ctx.clock.now())))
      throw new AppError('conflict', m.nftSending);
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
      details: { item: send.itemId, token_id: send.tokenId.toString(), address: send.address },
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
