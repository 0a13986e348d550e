import {
  chainFeeToMinor,
  custodyAccount,
  getAsset,
  isAssetCode,
  networkFeeAccount,
  transferPostings,
} from '@exchange/domain';
import type { Hex } from 'viem';
import type { ChainTxOutcome, ChainTxPurpose } from '../../platform/chain/chain-sender-types';
import type { Tx } from '../../platform/db';
import { postEntry } from '../ledger/post-entries';
import { type ChainTxRow, type ChainTxStatus, moveRow } from './chain-sender.repository';
import type { SenderRun } from './sender-run';

export interface Ending {
  readonly status: 'CONFIRMED' | 'FAILED';
  /** The mined hash (null when nothing was mined). */
  readonly txHash: Hex | null;
  readonly feeWei: bigint;
  readonly blockNumber: bigint | null;
  readonly reason: string | null;
  /**
   * A row cancelled (issue 43): the nonce is used on the chain, by its cancel (whose hash and gas this
   * ending carries as feeHash and feeWei) or by another transaction. The row keeps its nonce.
   */
  readonly cancelledBy?: { readonly feeHash: Hex | null };
}

/**
 * Ends the row once: moves it from `from` to CONFIRMED or FAILED, books the gas it paid (the chain's
 * native coin, NETWORK_FEES → CHAIN_CUSTODY, reference chain-fee:<id>) and tells the purpose's
 * handler, all in one database transaction. False when another run ended it first. A purpose with no
 * handler throws: the row stays as it is until one is registered.
 */
export async function finishChainTx(
  run: SenderRun,
  row: ChainTxRow,
  from: ChainTxStatus,
  ending: Ending,
): Promise<boolean> {
  const handler = run.handlers.get(row.purpose as ChainTxPurpose);
  if (!handler) throw new Error(`chain sender: no handler for ${row.purpose}`);
  const replaced = [row.txHash, ...row.replacedHashes].filter(
    (hash): hash is string => Boolean(hash) && hash !== ending.txHash,
  );
  return run.db.transaction(async (tx) => {
    const moved = await moveRow(tx, row.id, from, {
      status: ending.status,
      txHash: ending.txHash,
      replacedHashes: [...new Set(replaced)],
      feeWei: ending.feeWei.toString(),
      blockNumber: ending.blockNumber,
      reason: ending.reason,
      // A transaction never mined gives its nonce back, so the address's next one takes it.
      ...(ending.txHash === null && !ending.cancelledBy ? { nonce: null } : {}),
    });
    if (!moved) return false;
    if (ending.feeWei > 0n)
      await bookFee(tx, run, moved, ending.feeWei, ending.cancelledBy?.feeHash ?? moved.txHash);
    const outcome: ChainTxOutcome = {
      id: moved.id,
      chain: moved.chain,
      purpose: moved.purpose as ChainTxPurpose,
      reference: moved.reference,
      status: ending.status,
      txHash: ending.txHash,
      feeWei: ending.feeWei,
      reason: ending.reason,
    };
    if (ending.status === 'CONFIRMED') await handler.onConfirmed(tx, outcome);
    else await handler.onFailed(tx, outcome);
    return true;
  });
}

async function bookFee(
  tx: Tx,
  run: SenderRun,
  row: ChainTxRow,
  feeWei: bigint,
  feeHash: string | null,
): Promise<void> {
  const nativeToken = run.chain.tokens.find((token) => token.contract === null);
  const native = nativeToken?.asset;
  if (!nativeToken || !native || !isAssetCode(native))
    throw new Error(`chain ${row.chain} has no known native asset`);
  // In the ledger's unit, rounded up at the native coin's own places: custody never claims more than the chain holds.
  const amount = chainFeeToMinor(feeWei, nativeToken.decimals, getAsset(native).scale);
  const posted = await postEntry(tx, {
    kind: 'CHAIN_FEE',
    reference: `chain-fee:${row.id}`,
    userId: null,
    postings: transferPostings(
      networkFeeAccount(row.chain, native),
      custodyAccount(row.chain, native),
      amount,
    ),
    memo: { chain: row.chain, purpose: row.purpose, reference: row.reference, tx_hash: feeHash ?? '' },
  });
  if (!posted.ok && posted.code !== 'duplicate_reference')
    throw new Error(`chain fee of ${row.id} could not post: ${posted.code}`);
}
