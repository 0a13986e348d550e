import type { StuckChainTx } from '@exchange/contracts';
import type { DbOrTx } from '../../platform/db';
import { stuckRows } from './chain-sender.repository';

/**
 * The chain sender's stuck transactions as the admin sees them beside the hot wallets (issue 43):
 * longest stuck first, with why, since when and the latest cancel sent for it.
 */
export async function listStuckChainTxs(db: DbOrTx): Promise<StuckChainTx[]> {
  const rows = await stuckRows(db);
  return rows.map((row) => ({
    _id: row.id,
    chain: row.chain,
    purpose: row.purpose,
    reference: row.reference,
    from_address: row.fromAddress,
    nonce: row.nonce,
    tx_hash: row.txHash,
    reason: row.stuckReason ?? '',
    stuck_since: row.stuckSince!.toISOString(),
    cancel_hash: row.cancelHashes.at(-1) ?? null,
  }));
}
