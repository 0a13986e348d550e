import type { Address } from 'viem';
import type { ChainTxHandler, ChainTxOutcome } from '../../platform/chain/chain-sender-types';
import type { Tx } from '../../platform/db';
import { moveSweep } from './chain-sweeps.repository';
import { type ChainSweepDeps, tokenTransferData } from './sweep-deposit-addresses';

/**
 * What a sweep's transactions ending does to its round, inside the sender's transaction that ends
 * them (which has already booked their gas: custody → network fees). A confirmed gas top-up sends the
 * token sweep it was for; a confirmed sweep ends the round; a failed one ends it FAILED, and the next
 * run starts a new round for the same coins.
 */
export function sweepHandlers(deps: ChainSweepDeps): { sweep: ChainTxHandler; gasTopUp: ChainTxHandler } {
  const failed = (what: string) => async (tx: Tx, outcome: ChainTxOutcome) => {
    await moveSweep(tx, outcome.reference, [what === 'gas top-up' ? 'TOPPING_UP' : 'SENDING'], {
      status: 'FAILED',
      feeWei: outcome.feeWei,
      txHash: outcome.txHash,
      reason: `${what}: ${outcome.reason ?? 'failed'}`,
    });
  };
  return {
    sweep: {
      onConfirmed: async (tx, outcome) => {
        await moveSweep(tx, outcome.reference, ['SENDING'], {
          status: 'CONFIRMED',
          feeWei: outcome.feeWei,
          txHash: outcome.txHash,
        });
      },
      onFailed: failed('sweep'),
    },
    gasTopUp: {
      onConfirmed: async (tx, outcome) => {
        const row = await moveSweep(tx, outcome.reference, ['TOPPING_UP'], {
          status: 'SENDING',
          feeWei: outcome.feeWei,
        });
        if (!row) return;
        const token = deps.chains
          .find((chain) => chain.key === row.chain)
          ?.tokens.find((candidate) => candidate.asset === row.asset && candidate.contract);
        const hot = deps.sender.hotWalletAddress(row.chain);
        if (!token?.contract || !hot)
          throw new Error(`chain sweep ${row.id}: ${row.asset} is no token of ${row.chain}`);
        await deps.sender.enqueue(tx, {
          chain: row.chain,
          purpose: 'SWEEP',
          reference: row.id,
          from: { kind: 'deposit', index: row.addressIndex },
          to: token.contract as Address,
          value: 0n,
          data: tokenTransferData(hot, BigInt(row.amountRaw)),
        });
      },
      onFailed: failed('gas top-up'),
    },
  };
}
