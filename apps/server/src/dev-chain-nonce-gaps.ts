import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { createPublicClient, http, keccak256 } from 'viem';
import { chainTransactions } from './db/schema';
import type { ChainSettings } from './platform/chain-config';
import type { ChainSigner } from './platform/chain-sender-types';
import type { DbOrTx } from './platform/db';
import { devChainDefinition } from './platform/dev-chain';

/**
 * A development chain started afresh (dev-chain-restore.ts): the hot wallet's outbox rows still out
 * (SIGNED or BROADCAST) were signed for the old chain's nonces, and the new chain counts fewer (the
 * restore's own mints aside), so the sender holds them stuck (issue 43: a node's count alone never fails
 * one). This sends zero-value transfers of the hot wallet to itself up to the lowest nonce still out, so
 * the sender's stored bytes are mined in their order; one whose nonce the restore's mints already took is
 * cancelled by the sender (its nonce used by another transaction). Deposit addresses hold no ETH on a
 * new chain: their rows stay stuck for the admin. Returns how many it sent.
 */
export async function fillNonceGaps(
  db: DbOrTx,
  settings: Pick<ChainSettings, 'key' | 'rpcUrl' | 'chainId'>,
  signer: ChainSigner,
): Promise<number> {
  const hot = signer.address({ kind: 'hot' });
  const [lowest] = await db
    .select({ nonce: sql<number | null>`min(${chainTransactions.nonce})` })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, settings.key),
        eq(chainTransactions.fromAddress, hot),
        inArray(chainTransactions.status, ['SIGNED', 'BROADCAST']),
        isNotNull(chainTransactions.nonce),
      ),
    );
  if (lowest?.nonce == null) return 0;
  const client = createPublicClient({
    chain: devChainDefinition(settings.rpcUrl, settings.chainId),
    transport: http(settings.rpcUrl),
  });
  let count = await client.getTransactionCount({ address: hot, blockTag: 'pending' });
  let sent = 0;
  for (; count < Number(lowest.nonce); count++, sent++) {
    const fees = await client.estimateFeesPerGas();
    // A development allowance: only an in-process signer or a signer process in embedded mode grants it.
    const raw = await signer.sign({
      kind: 'development-restore',
      key: { kind: 'hot' },
      transaction: {
        type: 'eip1559',
        chainId: settings.chainId,
        nonce: count,
        to: hot,
        value: 0n,
        gas: 21_000n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      },
    });
    await client.sendRawTransaction({ serializedTransaction: raw });
    await client.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 100 });
  }
  return sent;
}
