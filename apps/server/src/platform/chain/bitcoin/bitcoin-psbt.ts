import { Transaction } from '@scure/btc-signer';

/**
 * A withdrawal batch as a PSBT (issue 47): coin selection over the exchange's unspent outputs, one
 * output per withdrawal, change to the internal address, and the fee from a rate in the smallest unit
 * per virtual byte. Built on the server with @scure/btc-signer; the keys sign it in the signer only
 * (bitcoin-signer.ts), which reads the same outputs back before it signs.
 */

/** A segwit network as @scure/btc-signer names it: only the bech32 part matters for P2WPKH. */
export function segwitNetwork(networkPrefix: string) {
  return { bech32: networkPrefix, pubKeyHash: 0, scriptHash: 5, wif: 0x80 };
}

/** An output the exchange can spend: where it is, what it holds and which key (change/index) signs it. */
export interface Spendable {
  readonly txid: string;
  readonly vout: number;
  readonly sats: bigint;
  /** The output script, hex. */
  readonly script: string;
  /** Its key under the BIP-84 account: `0/i` a deposit address, `1/0` the internal (change) address. */
  readonly path: string;
}

export interface BatchPayment {
  readonly address: string;
  readonly sats: bigint;
}

/** Outputs below this are not worth spending and are refused by nodes as dust (P2WPKH). */
export const DUST_SATS = 546n;

/**
 * Virtual size of a P2WPKH transaction: 10.5 vB of frame (rounded up), 68 per input (its witness at
 * a quarter), 31 per P2WPKH output (43 for a P2WSH or taproot one: counted for every payment, so a
 * wider destination never leaves the fee short).
 */
export function estimateVsize(inputs: number, payments: number, change: boolean): number {
  return 11 + 68 * inputs + 43 * payments + (change ? 31 : 0);
}

export type Selection =
  | {
      readonly ok: true;
      readonly inputs: readonly Spendable[];
      readonly change: bigint;
      readonly fee: bigint;
    }
  | { readonly ok: false; readonly short: bigint };

/**
 * Largest outputs first until the payments and the fee at `feeRate` are covered. Change below dust is
 * left to the fee rather than made an output nobody could spend at a profit.
 */
export function selectCoins(
  spendable: readonly Spendable[],
  payments: readonly BatchPayment[],
  feeRate: number,
): Selection {
  const paid = payments.reduce((sum, p) => sum + p.sats, 0n);
  const sorted = [...spendable].sort((a, b) => (a.sats === b.sats ? 0 : a.sats > b.sats ? -1 : 1));
  const chosen: Spendable[] = [];
  let total = 0n;
  for (const utxo of sorted) {
    chosen.push(utxo);
    total += utxo.sats;
    const feeWithChange = BigInt(estimateVsize(chosen.length, payments.length, true) * feeRate);
    if (total >= paid + feeWithChange + DUST_SATS)
      return { ok: true, inputs: chosen, change: total - paid - feeWithChange, fee: feeWithChange };
    const feeAlone = BigInt(estimateVsize(chosen.length, payments.length, false) * feeRate);
    if (total >= paid + feeAlone) return { ok: true, inputs: chosen, change: 0n, fee: total - paid };
  }
  const fee = BigInt(estimateVsize(sorted.length, payments.length, false) * feeRate);
  return { ok: false, short: paid + fee - total };
}

/**
 * The unsigned transaction as a PSBT (base64): the inputs with their witness outputs (segwit signing
 * commits to the amounts), signalling replace-by-fee (nSequence 0xfffffffd), then the payments in
 * order and the change last.
 */
export function buildBatchPsbt(
  networkPrefix: string,
  inputs: readonly Spendable[],
  payments: readonly BatchPayment[],
  change: { readonly address: string; readonly sats: bigint } | null,
): string {
  const network = segwitNetwork(networkPrefix);
  const tx = new Transaction();
  for (const input of inputs)
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script: Uint8Array.from(Buffer.from(input.script, 'hex')), amount: input.sats },
    });
  for (const payment of payments) tx.addOutputAddress(payment.address, payment.sats, network);
  if (change && change.sats > 0n) tx.addOutputAddress(change.address, change.sats, network);
  return Buffer.from(tx.toPSBT()).toString('base64');
}

/** The outputs of a PSBT as addresses and amounts, in order (an output with no address reads as null). */
export function psbtOutputs(psbt: string, networkPrefix: string): { address: string | null; sats: bigint }[] {
  const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
  const network = segwitNetwork(networkPrefix);
  const outputs: { address: string | null; sats: bigint }[] = [];
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    let address: string | null = null;
    try {
      address = output.script ? (tx.getOutputAddress(i, network) ?? null) : null;
    } catch {
      address = null;
    }
    outputs.push({ address, sats: output.amount ?? 0n });
  }
  return outputs;
}
