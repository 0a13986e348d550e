import type { HDKey } from '@scure/bip32';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { bip84AccountPath } from './bitcoin-addresses';
import { type BatchPayment, psbtOutputs, segwitNetwork } from './bitcoin-psbt';

/**
 * What the signer is asked to sign for a Bitcoin-family withdrawal batch (issue 47): the PSBT, the
 * derivation (change/index under the BIP-84 account) of each input, and the payments the batch's
 * withdrawals make, in output order. The signer refuses unless the outputs are exactly those payments
 * and at most one change output to the account's own internal address, and every input is a key of
 * the account whose script is the one the PSBT spends.
 */
export interface BitcoinBatchSignRequest {
  readonly chain: string;
  readonly batchId: string;
  readonly networkPrefix: string;
  readonly coinType: number;
  readonly psbt: string;
  readonly inputPaths: readonly string[];
  readonly payments: readonly BatchPayment[];
}

/** The internal (change) address's path under the account: the first key of chain 1. */
export const CHANGE_PATH = '1/0';

/** The most a batch may pay the network, whatever its size: a fee above it is a mistake, not a rate. */
export const MAX_BATCH_FEE_SATS = 10_000_000n;

const PATH = /^(0|1)\/(\d{1,9})$/;

export class BitcoinSignRefused extends Error {}

function keyAt(account: HDKey, path: string): HDKey {
  const match = PATH.exec(path);
  if (!match) throw new BitcoinSignRefused(`input path ${path} is not change/index`);
  const key = account.deriveChild(Number(match[1])).deriveChild(Number(match[2]));
  if (!key.privateKey || !key.publicKey) throw new BitcoinSignRefused('the seed gave no private key');
  return key;
}

/**
 * Checks the batch against what it must pay (see BitcoinBatchSignRequest) and answers the signed,
 * finalised transaction as hex. `root` is the seed's master key, held by the signer only.
 */
export function signBitcoinBatch(root: HDKey, request: BitcoinBatchSignRequest): string {
  const account = root.derive(bip84AccountPath(request.coinType));
  const network = segwitNetwork(request.networkPrefix);
  const change = p2wpkh(keyAt(account, CHANGE_PATH).publicKey!, network).address!;
  const tx = Transaction.fromPSBT(Buffer.from(request.psbt, 'base64'));
  if (tx.inputsLength !== request.inputPaths.length || tx.inputsLength === 0)
    throw new BitcoinSignRefused('the inputs and their paths differ in number');
  const outputs = psbtOutputs(request.psbt, request.networkPrefix);
  const paid = request.payments.length;
  if (paid === 0 || outputs.length < paid || outputs.length > paid + 1)
    throw new BitcoinSignRefused('the outputs are not the batch');
  request.payments.forEach((payment, i) => {
    const out = outputs[i]!;
    if (out.address !== payment.address || out.sats !== payment.sats)
      throw new BitcoinSignRefused(`output ${i} is not the batch's payment to ${payment.address}`);
  });
  const extra = outputs[paid];
  if (extra && extra.address !== change)
    throw new BitcoinSignRefused('the change does not go to the exchange’s own internal address');
  let inTotal = 0n;
  const keys = request.inputPaths.map((path, i) => {
    const key = keyAt(account, path);
    const spent = tx.getInput(i).witnessUtxo;
    const own = p2wpkh(key.publicKey!, network).script;
    if (!spent || Buffer.compare(Buffer.from(spent.script), Buffer.from(own)) !== 0)
      throw new BitcoinSignRefused(`input ${i} is not the key at ${path}`);
    inTotal += spent.amount;
    return key;
  });
  const outTotal = outputs.reduce((sum, out) => sum + out.sats, 0n);
  if (inTotal - outTotal < 0n || inTotal - outTotal > MAX_BATCH_FEE_SATS)
    throw new BitcoinSignRefused(`the fee ${inTotal - outTotal} is out of bounds`);
  keys.forEach((key, i) => {
    tx.signIdx(key.privateKey!, i);
  });
  tx.finalize();
  return tx.hex;
}
