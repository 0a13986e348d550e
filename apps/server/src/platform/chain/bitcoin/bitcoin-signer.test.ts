import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bip84AccountPath } from './bitcoin-addresses';
import { buildBatchPsbt, segwitNetwork, selectCoins } from './bitcoin-psbt';
import { BitcoinSignRefused, signBitcoinBatch } from './bitcoin-signer';

// The signer's own check of a withdrawal batch (issue 47), with no node: BIP-84's published test seed,
// an output of its deposit key 0/0 to spend, two payments and the change.
const root = HDKey.fromMasterSeed(
  mnemonicToSeedSync(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  ),
);
const account = root.derive(bip84AccountPath(1));
const net = segwitNetwork('rltc');
const addressAt = (change: number, index: number) =>
  p2wpkh(account.deriveChild(change).deriveChild(index).publicKey!, net);
const input = {
  txid: 'aa'.repeat(32),
  vout: 0,
  sats: 100_000_000n,
  script: Buffer.from(addressAt(0, 0).script).toString('hex'),
  path: '0/0',
};
const outside = p2wpkh(HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).publicKey!, net).address!;
const payments = [
  { address: outside, sats: 10_000_000n },
  { address: addressAt(0, 9).address!, sats: 20_000_000n },
];

function request(psbt: string, paid = payments) {
  return {
    chain: 'litecoin',
    batchId: 'b',
    networkPrefix: 'rltc',
    coinType: 1,
    psbt,
    inputPaths: ['0/0'],
    payments: paid,
  };
}

describe('signing a Bitcoin-family withdrawal batch', () => {
  const selection = selectCoins([input], payments, 2);
  if (!selection.ok) throw new Error('the test output covers the payments');
  const change = { address: addressAt(1, 0).address!, sats: selection.change };

  it('signs the batch whose outputs are its payments and the change to the internal address', () => {
    const raw = signBitcoinBatch(root, request(buildBatchPsbt('rltc', [input], payments, change)));
    const tx = Transaction.fromRaw(Buffer.from(raw, 'hex'));
    expect(tx.outputsLength).toBe(3);
    expect(tx.getOutput(0).amount).toBe(10_000_000n);
    // Replace-by-fee is signalled on every input.
    expect(tx.getInput(0).sequence).toBe(0xfffffffd);
    expect(selection.fee).toBe(BigInt((11 + 68 + 43 * 2 + 31) * 2));
  });

  it('refuses a payment changed, change to someone else, or an input not at its path', () => {
    const psbt = buildBatchPsbt('rltc', [input], payments, change);
    const more = [{ ...payments[0]!, sats: 10_000_001n }, payments[1]!];
    expect(() => signBitcoinBatch(root, request(psbt, more))).toThrow(BitcoinSignRefused);
    const stolen = buildBatchPsbt('rltc', [input], payments, { ...change, address: outside });
    expect(() => signBitcoinBatch(root, request(stolen))).toThrow(/change/);
    expect(() => signBitcoinBatch(root, { ...request(psbt), inputPaths: ['0/1'] })).toThrow(/input 0/);
  });
});
