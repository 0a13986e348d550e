/**
 * The texts of replace-by-fee for a stuck Litecoin withdrawal batch (issue 47), spread into the message
 * catalogue (index.ts). The spec has none; the refusals are keyed by the server's codes.
 */
export const utxoFeeBumpMessages = {
  utxoBatchesTitle: 'Litecoin batches in flight',
  utxoBatchesIntro:
    'Withdrawal batches broadcast and not yet confirmed. A batch that waits too long can be sped up: the same payments, a higher network fee taken from its change (replace-by-fee).',
  utxoBatchesEmpty: 'No batch is waiting for a block',
  utxoBatchesLoaded: 'Batches in flight',
  utxoBatchTransaction: 'Transaction',
  utxoBatchWithdrawals: 'Withdrawals',
  utxoBatchFee: 'Network fee',
  utxoBatchBroadcastAt: 'Broadcast',
  utxoBatchReplaced: 'Replaces {count} earlier',
  utxoBatchSpeedUp: 'Speed up (replace-by-fee)',
  utxoBatchSpeedUpConfirm:
    'Replace this batch with one paying a network fee of {fee} {asset} ({rate} per vbyte) instead of {old} {asset}? The customers receive exactly the same amounts; the difference comes from the change.',
  utxoBatchSpeedUpDone: 'Replacement sent: {txid}',
  utxoBatchBumpRefused: 'Cannot speed up: {reason}',
  utxoBumpNotBroadcast:
    'the batch is not waiting in the mempool (already replaced, confirmed or not yet sent)',
  utxoBumpAlreadyMined: 'the batch is already in a block',
  utxoBumpChangeTooSmall:
    "the batch's change is too small to pay a higher fee; the customers' outputs are never reduced",
  utxoBumpFeeCap: 'the higher fee would pass the fee rate cap',
  utxoBumpNodeRefused: 'the node refused the replacement: {detail}',
} as const;
