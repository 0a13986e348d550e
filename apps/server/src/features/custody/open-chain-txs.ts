import { sql } from 'drizzle-orm';
import type { OpenChainTx } from '../../platform/chain/chain-node';
import type { DbOrTx } from '../../platform/db';

/**
 * The sender's rows on a chain that are signed but not ended (SIGNED, BROADCAST, stuck ones too):
 * their gas and what they send out are booked only when they end (chain-sender's finishChainTx,
 * CHAIN_CONFIRMATIONS deep), while the chain pays both the moment one of them is mined.
 */
export async function openChainTransactions(db: DbOrTx, chain: string): Promise<OpenChainTx[]> {
  const found = await db.execute<{
    id: string;
    tx_hash: string | null;
    replaced_hashes: string[] | null;
    cancel_hashes: string[] | null;
  }>(sql`
    SELECT id, tx_hash, replaced_hashes, cancel_hashes FROM chain_transactions
     WHERE chain = ${chain} AND status IN ('SIGNED', 'BROADCAST')`);
  return found.rows.map((row) => ({
    id: row.id,
    // Its own hashes and its cancels' (a zero-value transfer to itself with its nonce): at most one of
    // them is mined, and whichever is has paid gas the sender books when the row ends.
    hashes: [...new Set([row.tx_hash, ...(row.replaced_hashes ?? []), ...(row.cancel_hashes ?? [])])].filter(
      (hash): hash is string => Boolean(hash),
    ),
  }));
}
