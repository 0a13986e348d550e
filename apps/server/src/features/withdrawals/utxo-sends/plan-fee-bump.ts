import { ok, type Result, reject } from '@exchange/domain';
import { Transaction } from '@scure/btc-signer';
import {
  type BatchPayment,
  buildBatchPsbt,
  DUST_SATS,
  estimateVsize,
  psbtOutputs,
  type Spendable,
} from '../../../platform/chain/bitcoin/bitcoin-psbt';
import { FEE_RATE_CAP } from './utxo-wallet';

/** Why a batch's fee cannot be raised: its change is too small to pay more, or the rate would pass the cap. */
export type FeeBumpPlanRefusal = 'change_too_small' | 'fee_cap';

export interface FeeBumpPlan {
  readonly psbt: string;
  readonly feeSats: bigint;
  readonly feeRate: number;
}

export interface FeeBumpInput {
  readonly networkPrefix: string;
  /** The batch's current PSBT: its inputs are spent again, its payments kept to the litoshi. */
  readonly psbt: string;
  readonly inputPaths: readonly string[];
  /** How many of its outputs pay withdrawals (the change, when there is one, comes after them). */
  readonly payments: number;
  readonly changeAddress: string;
  /** What the current version pays the network. */
  readonly oldFee: bigint;
  /** The rate the node's estimate asks for now (floor and cap applied), per virtual byte. */
  readonly targetRate: number;
  /** The node's incremental relay fee, in the smallest unit per 1,000 virtual bytes. */
  readonly incrementalPerKvb: bigint;
}

/**
 * The replacement of a stuck batch (BIP-125): the same inputs and the same payments, only the change
 * smaller. Its fee is the larger of the estimate's rate over its size and the old fee plus its size at
 * the incremental relay fee (rules 3 and 4, so a node can accept it), never above the cap's rate. The
 * size is the builder's estimate, which counts every payment as the widest output, so the new fee is
 * never short of what the rules ask. Customer outputs are never touched: when the change cannot pay
 * the difference and stay above dust, the bump is refused.
 */
export function planFeeBump(input: FeeBumpInput): Result<FeeBumpPlan, FeeBumpPlanRefusal> {
  const tx = Transaction.fromPSBT(Buffer.from(input.psbt, 'base64'));
  const outputs = psbtOutputs(input.psbt, input.networkPrefix);
  const change = outputs.length > input.payments ? outputs[input.payments] : undefined;
  if (!change || change.address !== input.changeAddress) return reject('change_too_small');
  const vsize = BigInt(estimateVsize(tx.inputsLength, input.payments, true));
  const byRule = input.oldFee + ceilDiv(input.incrementalPerKvb * vsize, 1000n);
  const byEstimate = BigInt(input.targetRate) * vsize;
  let fee = byRule > byEstimate ? byRule : byEstimate;
  if (fee <= input.oldFee) fee = input.oldFee + vsize;
  const rate = ceilDiv(fee, vsize);
  if (rate > BigInt(FEE_RATE_CAP)) return reject('fee_cap');
  const newChange = change.sats - (fee - input.oldFee);
  if (newChange < DUST_SATS) return reject('change_too_small');
  const spent: Spendable[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const one = tx.getInput(i);
    if (!one.txid || one.index === undefined || !one.witnessUtxo)
      throw new Error(`batch input ${i} has no outpoint or witness output`);
    spent.push({
      txid: Buffer.from(one.txid).toString('hex'),
      vout: one.index,
      sats: one.witnessUtxo.amount,
      script: Buffer.from(one.witnessUtxo.script).toString('hex'),
      path: input.inputPaths[i]!,
    });
  }
  const payments: BatchPayment[] = outputs
    .slice(0, input.payments)
    .map((out) => ({ address: out.address!, sats: out.sats }));
  const psbt = buildBatchPsbt(input.networkPrefix, spent, payments, {
    address: input.changeAddress,
    sats: newChange,
  });
  // The rate is a whole number of units per vbyte, at most the cap (500): exact as a JS number.
  const perVbyte = Number(rate);
  return ok({ psbt, feeSats: fee, feeRate: perVbyte });
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
