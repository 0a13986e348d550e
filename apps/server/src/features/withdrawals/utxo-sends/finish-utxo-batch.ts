import type { Minor } from '@exchange/domain';
import {
  type AssetCode,
  custodyAccount,
  networkFeeAccount,
  nextWithdrawalStatus,
  transferPostings,
} from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { utxoBatches } from '../../../db/schema';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import type { Tx } from '../../../platform/db';
import type { MailMessage } from '../../../platform/mail/mailer';
import { postEntry } from '../../ledger/post-entries';
import { payOutWithdrawal } from '../withdrawal-ledger';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { changeWithdrawal, lockWithdrawal } from '../withdrawals.repository';
import { batchWithdrawals } from './prepare-utxo-batch';
import { minedVersionOf } from './utxo-batch-version';
import type { UtxoDeps } from './utxo-deps';

/**
 * A batch whose block is the chain's confirmations deep ends, in ONE database transaction, once (the
 * batch row locked, BROADCAST → CONFIRMED): each of its withdrawals SENT → COMPLETED with the txid,
 * what the customer received leaving the chain's custody and the fee booked as revenue
 * (payOutWithdrawal, as on EVM), the customer mailed; and the network fee the transaction paid,
 * NETWORK_FEES → CHAIN_CUSTODY, under `utxo-fee:<batch>`, so custody keeps matching the chain.
 *
 * A batch that was replaced (a fee bump) ends by whichever version is mined: `minedTxid` names it when
 * it is an earlier one, and may end a batch whose replacement is still SIGNING or SIGNED (never to be
 * sent now: its inputs are spent). The batch's txid, fee and fee rate become the mined version's, the
 * other versions are its replaced ones, and the fee booked is what the mined version paid, so the
 * ledger books the fee that left the chain, once.
 */
export async function finishUtxoBatch(
  deps: UtxoDeps,
  chain: ChainSettings,
  batchId: string,
  minedTxid?: string,
): Promise<boolean> {
  const rows = await batchWithdrawals(deps, batchId);
  const asset = chain.tokens[0]!.asset as AssetCode;
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(utxoBatches).where(eq(utxoBatches.id, batchId)).for('update');
    if (!batch || batch.status === 'CONFIRMED') return false;
    const mined = minedVersionOf(batch, minedTxid ?? batch.txid);
    if (!mined) return false;
    const now = deps.clock.now();
    await tx
      .update(utxoBatches)
      .set({ status: 'CONFIRMED', confirmedAt: now, updatedAt: now, ...mined.row })
      .where(eq(utxoBatches.id, batchId));
    for (const row of rows) {
      const locked = await lockWithdrawal(tx, row.id);
      if (locked?.status !== 'SENT' || !nextWithdrawalStatus(locked.status, 'complete').ok) {
        deps.logger.error(
          { withdrawal: row.id, batch: batchId },
          'utxo batch: a withdrawal of it is not SENT',
        );
        continue;
      }
      const moved = await changeWithdrawal(
        tx,
        row.id,
        'SENT',
        { status: 'COMPLETED', txHash: mined.txid, providerRef: mined.txid, finishedAt: now },
        now,
      );
      if (!moved) continue;
      await payOutWithdrawal(tx, moved, chain.key);
      await sendWithdrawalStatusMail(inTransaction(deps, tx), moved, 'COMPLETED');
    }
    const fee = mined.fee;
    if (fee > 0n) {
      const posted = await postEntry(tx, {
        kind: 'CHAIN_FEE',
        reference: `utxo-fee:${batchId}`,
        userId: null,
        postings: transferPostings(
          networkFeeAccount(chain.key, asset),
          custodyAccount(chain.key, asset),
          fee as Minor,
        ),
        memo: {
          chain: chain.key,
          purpose: 'WITHDRAWAL_BATCH',
          reference: batchId,
          tx_hash: mined.txid,
        },
      });
      if (!posted.ok && posted.code !== 'duplicate_reference')
        throw new Error(`utxo batch ${batchId}: its fee could not post (${posted.code})`);
    }
    return true;
  });
}

/** The mail context inside the batch's transaction: the outbox row is written with the change. */
function inTransaction(deps: UtxoDeps, tx: Tx) {
  return { ...deps, db: tx, mailer: { send: (message: MailMessage) => deps.mailer.send(message, tx) } };
}
