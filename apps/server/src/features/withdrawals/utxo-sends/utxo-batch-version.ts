import type { UtxoBatchRow } from './send-utxo-batch';

type BatchVersions = Pick<
  UtxoBatchRow,
  'status' | 'txid' | 'feeSats' | 'feeRate' | 'replacedTxids' | 'replacedFees' | 'replacedFeeRates'
>;

/** One version of a batch: its txid, what it paid the network and the rate it was built at. */
interface Version {
  readonly id: string;
  readonly fee: string;
  readonly rate: number;
}

/**
 * The version of a batch that was mined, and the row as it ends: that txid, its fee and its fee rate
 * current, every other version (the current one too, when it had been signed) among the replaced, the
 * three replaced arrays kept side by side. Null when the txid is none of the batch's, or is the current
 * one of a batch not yet BROADCAST.
 */
export function minedVersionOf(batch: BatchVersions, txid: string | null) {
  if (!txid) return null;
  if (txid === batch.txid)
    return batch.status === 'BROADCAST' ? { txid, fee: BigInt(batch.feeSats), row: {} } : null;
  const at = batch.replacedTxids.indexOf(txid);
  if (at < 0 || batch.replacedFees[at] === undefined) return null;
  const rates = replacedFeeRatesOf(batch);
  const versions: Version[] = batch.replacedTxids.map((id, i) => ({
    id,
    fee: batch.replacedFees[i]!,
    rate: rates[i]!,
  }));
  const [mined] = versions.splice(at, 1);
  if (batch.txid) versions.push({ id: batch.txid, fee: batch.feeSats, rate: batch.feeRate });
  return {
    txid,
    fee: BigInt(mined!.fee),
    row: {
      txid,
      rawTx: null,
      feeSats: mined!.fee,
      feeRate: mined!.rate,
      replacedTxids: versions.map((one) => one.id),
      replacedFees: versions.map((one) => one.fee),
      replacedFeeRates: versions.map((one) => one.rate),
    },
  };
}

/**
 * The rate of each earlier version, beside replaced_txids: the one kept, or for a batch replaced before
 * migration 0080 (an empty replaced_fee_rates) one derived from its fee (rateFromFee). A bump appends to
 * this, so the arrays stay side by side even for such a batch.
 */
export function replacedFeeRatesOf(
  batch: Pick<BatchVersions, 'feeSats' | 'feeRate' | 'replacedFees' | 'replacedFeeRates'>,
): number[] {
  return batch.replacedFees.map((fee, i) => batch.replacedFeeRates[i] ?? rateFromFee(batch, fee));
}

/**
 * An earlier version's rate when the row did not keep it (a batch replaced before migration 0080): every
 * version spends the same inputs and pays the same outputs, its change only smaller, so all have one
 * size, and the rate is the current rate scaled by the fees (rounded up, as the bump rounds its own).
 * Without a current fee to scale by, the current rate is kept.
 */
function rateFromFee(batch: Pick<BatchVersions, 'feeSats' | 'feeRate'>, fee: string): number {
  const current = BigInt(batch.feeSats);
  if (current <= 0n) return batch.feeRate;
  const scaled = (BigInt(fee) * BigInt(batch.feeRate) + current - 1n) / current;
  // An earlier fee is below the current one, so this is at most the current rate: exact as a JS number.
  return Number(scaled);
}
