import { formatMessage, messages as m } from '@exchange/contracts';
import { and, eq } from 'drizzle-orm';
import { nftItems, users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import type { ChainTxOutcome } from '../../platform/chain/chain-sender-types';
import type { Tx } from '../../platform/db';
import { deliverMail } from '../../platform/mail/deliver-mail';
import { recordAdminAction } from '../audit/record-admin-action';
import type { NftChainSender } from './nft-chain';

type HandlerContext = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'clock'>;

/** The item a transfer's outbox reference names: `<item id>:<attempt id>`. */
export function itemOfTransferReference(reference: string): string {
  return reference.split(':')[0] ?? '';
}

/**
 * What the NFT feature does when its transactions end (called by the chain sender in the transaction
 * that ends the outbox row, once per row):
 * - NFT_MINT confirmed: the item is MINTED (the hot wallet holds its token); failed: MINT_FAILED, and
 *   it keeps trading custodially.
 * - NFT_TRANSFER confirmed: the item is WITHDRAWN (it left the exchange; the row stays as the owner's
 *   history, with the hash); failed: back to MINTED, unlocked, in its owner's account. Only the
 *   transfer the item still waits for counts (its chain_reference); each end is audited and mailed.
 */
export function registerNftChainHandlers(ctx: HandlerContext, sender: NftChainSender): void {
  sender.handle('NFT_MINT', {
    async onConfirmed(tx, outcome) {
      await setMintState(tx, outcome, 'MINTED', ctx);
    },
    async onFailed(tx, outcome) {
      ctx.logger.error({ item: outcome.reference, reason: outcome.reason }, 'NFT mint failed');
      await setMintState(tx, outcome, 'MINT_FAILED', ctx);
    },
  });
  sender.handle('NFT_TRANSFER', {
    async onConfirmed(tx, outcome) {
      const [row] = await tx
        .update(nftItems)
        .set({
          chainState: 'WITHDRAWN',
          chainReference: null,
          listed: false,
          withdrawTxHash: outcome.txHash,
          updatedAt: ctx.clock.now(),
        })
        .where(and(eq(nftItems.chainReference, outcome.reference), eq(nftItems.chainState, 'SENDING')))
        .returning(endedColumns);
      if (!row) return stale(ctx, outcome);
      await audit(tx, row, 'NFT_SENT_TO_WALLET', { tx_hash: outcome.txHash });
      mailOwner(ctx, row, m.nftSentMailSubject, m.nftSentMailText, { tx_hash: outcome.txHash ?? '' });
    },
    async onFailed(tx, outcome) {
      const [before] = await tx
        .select({ address: nftItems.withdrawnTo })
        .from(nftItems)
        .where(eq(nftItems.chainReference, outcome.reference));
      const [row] = await tx
        .update(nftItems)
        .set({ chainState: 'MINTED', chainReference: null, withdrawnTo: null, updatedAt: ctx.clock.now() })
        .where(and(eq(nftItems.chainReference, outcome.reference), eq(nftItems.chainState, 'SENDING')))
        .returning(endedColumns);
      if (!row) return stale(ctx, outcome);
      const ended = { ...row, withdrawnTo: before?.address ?? '' };
      await audit(tx, ended, 'NFT_SEND_FAILED', { reason: outcome.reason });
      mailOwner(ctx, ended, m.nftSendFailedMailSubject, m.nftSendFailedMailText, {
        reason: outcome.reason ?? 'failed',
      });
    },
  });
}

const endedColumns = {
  id: nftItems.id,
  name: nftItems.name,
  ownerId: nftItems.ownerId,
  tokenId: nftItems.tokenId,
  withdrawnTo: nftItems.withdrawnTo,
};

type EndedItem = {
  id: string;
  name: string;
  ownerId: string | null;
  tokenId: string | null;
  withdrawnTo: string | null;
};

async function setMintState(
  tx: Tx,
  outcome: ChainTxOutcome,
  state: 'MINTED' | 'MINT_FAILED',
  ctx: HandlerContext,
): Promise<void> {
  const rows = await tx
    .update(nftItems)
    .set({ chainState: state, updatedAt: ctx.clock.now() })
    .where(and(eq(nftItems.id, outcome.reference), eq(nftItems.chainState, 'MINTING')))
    .returning({ id: nftItems.id });
  if (rows.length === 0) stale(ctx, outcome);
}

function stale(ctx: HandlerContext, outcome: ChainTxOutcome): void {
  ctx.logger.warn(
    { purpose: outcome.purpose, reference: outcome.reference, status: outcome.status },
    'an NFT transaction ended that its item no longer waits for',
  );
}

async function audit(tx: Tx, row: EndedItem, action: string, details: Record<string, unknown>) {
  if (!row.ownerId) return;
  await recordAdminAction(tx, {
    adminId: row.ownerId,
    action,
    targetUserId: row.ownerId,
    details: { item: row.id, token_id: row.tokenId, address: row.withdrawnTo, ...details },
  });
}

/**
 * Tells the owner how the transfer ended. The handler runs inside the outbox row's transaction, which
 * commits right after it; the mail is sent beside it rather than holding the transaction open for the
 * mail server, and a failed delivery is logged, never thrown.
 */
function mailOwner(
  ctx: HandlerContext,
  row: EndedItem,
  subject: string,
  text: string,
  extra: Record<string, string>,
): void {
  const ownerId = row.ownerId;
  if (!ownerId) return;
  void (async () => {
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
    if (!owner) return;
    const figures = {
      name: row.name,
      token_id: row.tokenId ?? '',
      address: row.withdrawnTo ?? '',
      ...extra,
    };
    await deliverMail(ctx, { to: owner.email, subject, text: formatMessage(text, figures) });
  })().catch((error: unknown) => ctx.logger.error({ error: String(error) }, 'NFT mail failed'));
}
