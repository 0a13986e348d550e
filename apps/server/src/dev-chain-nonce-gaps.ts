import { NATIVE_TRANSFER_GAS } from '@exchange/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createPublicClient, type Hex, http, keccak256 } from 'viem';
import { chainTransactions } from './db/schema';
import type { ChainSettings } from './platform/chain/chain-config';
import type { ChainSigner } from './platform/chain/chain-sender-types';
import { devChainDefinition } from './platform/chain/dev-chain';
import type { DbOrTx } from './platform/db';

/**
 * A development chain started afresh (dev-chain-restore.ts): the hot wallet's outbox rows still out
 * (SIGNED or BROADCAST) were signed for the old chain's nonces, and the new chain counts fewer (the
 * restore's own mints aside), so the sender holds them stuck (issue 43: a node's count alone never fails
 * one). This sends a zero-value transfer of the hot wallet to itself for EVERY nonce from the chain's
 * count up to the highest one still out that no open row holds (below the lowest open one, and between
 * open ones whose neighbours the old chain had confirmed), sending the open rows' own stored bytes in
 * their places on the way (a node that mines at once queues nothing behind a gap), so the sender's
 * stored bytes are mined in their order; one whose nonce the restore's mints already took is cancelled
 * by the sender (its nonce used by another transaction). Deposit addresses hold no ETH on a new chain: their rows stay
 * stuck for the admin. Returns how many it sent.
 */
export async function fillNonceGaps(
  db: DbOrTx,
  settings: Pick<ChainSettings, 'key' | 'rpcUrl' | 'chainId'>,
  signer: ChainSigner,
): Promise<number> {
  const hot = signer.address({ kind: 'hot' });
  const open = await db
    .select({ nonce: chainTransactions.nonce, raw: chainTransactions.raw })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, settings.key),
        eq(chainTransactions.fromAddress, hot),
        inArray(chainTransactions.status, ['SIGNED', 'BROADCAST']),
        isNotNull(chainTransactions.nonce),
      ),
    );
  const held = new Map<number, Hex | null>();
  for (const row of open)
    if (!held.get(Number(row.nonce))) held.set(Number(row.nonce), row.raw as Hex | null);
  if (held.size === 0) return 0;
  const highest = Math.max(...held.keys());
  const client = createPublicClient({
    chain: devChainDefinition(settings.rpcUrl, settings.chainId),
    transport: http(settings.rpcUrl),
  });
  let sent = 0;
  for (
    let nonce = await client.getTransactionCount({ address: hot, blockTag: 'pending' });
    nonce < highest;
    nonce++
  ) {
    if (held.has(nonce)) {
      // An open row's own stored bytes, so the nonces after it can follow (a node that mines every
      // transaction at once queues none with a gap before it); one the node refuses is left to the sender.
      const own = held.get(nonce);
      if (!own) break;
      const taken = await client.sendRawTransaction({ serializedTransaction: own }).catch(() => null);
      if (taken) await client.waitForTransactionReceipt({ hash: keccak256(own), pollingInterval: 100 });
      // Refused: the sender may have sent them first; otherwise what follows waits for the sender.
      else if ((await client.getTransactionCount({ address: hot, blockTag: 'pending' })) <= nonce) break;
      continue;
    }
    const fees = await client.estimateFeesPerGas();
    // A development allowance: only an in-process signer or a signer process in embedded mode grants it.
    const raw = await signer.sign({
      kind: 'development-restore',
      key: { kind: 'hot' },
      transaction: {
        type: 'eip1559',
        chainId: settings.chainId,
        nonce,
        to: hot,
        value: 0n,
        gas: NATIVE_TRANSFER_GAS,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      },
    });
    await client.sendRawTransaction({ serializedTransaction: raw });
    sent++;
    await client.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 100 });
  }
  return sent;
}
