import { p2wpkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  buildBatchPsbt,
  estimateVsize,
  psbtOutputs,
  segwitNetwork,
} from '../../../platform/chain/bitcoin/bitcoin-psbt';
import { planFeeBump } from './plan-fee-bump';

// The replacement's arithmetic (issue 47): payments kept to the litoshi, the fee over BIP-125's floor,
// the change the only thing that shrinks, and the refusals when it cannot.
// Two P2WPKH outputs of well-known public keys (the curve's G and 2G): no key is needed to plan.
const keyOf = (hex: string) => p2wpkh(Uint8Array.from(Buffer.from(hex, 'hex')), segwitNetwork('rltc'));
const own = keyOf('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
const change = own.address!;
const payee = keyOf('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5').address!;
const vsize = BigInt(estimateVsize(1, 1, true));
const paid = 50_000_000n;

/** A batch paying 50,000,000 to the payee at 2 per vbyte, with `changeSats` back to the internal address. */
function batch(changeSats: bigint) {
  const oldFee = 2n * vsize;
  const input = {
    txid: 'aa'.repeat(32),
    vout: 1,
    sats: paid + oldFee + changeSats,
    script: Buffer.from(own.script).toString('hex'),
    path: '1/0',
  };
  const psbt = buildBatchPsbt('rltc', [input], [{ address: payee, sats: paid }], {
    address: change,
    sats: changeSats,
  });
  return { psbt, oldFee };
}

const plan = (changeSats: bigint, targetRate = 2, incrementalPerKvb = 1000n) => {
  const { psbt, oldFee } = batch(changeSats);
  return {
    oldFee,
    result: planFeeBump({
      networkPrefix: 'rltc',
      psbt,
      inputPaths: ['1/0'],
      payments: 1,
      changeAddress: change,
      oldFee,
      targetRate,
      incrementalPerKvb,
    }),
  };
};

describe('planFeeBump', () => {
  it('pays the old fee plus the size at the incremental fee, from the change only', () => {
    const { oldFee, result } = plan(50_000_000n);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.feeSats).toBe(oldFee + vsize);
    expect(result.value.feeRate).toBe(3);
    const outputs = psbtOutputs(result.value.psbt, 'rltc');
    expect(outputs).toEqual([
      { address: payee, sats: 50_000_000n },
      { address: change, sats: 50_000_000n - vsize },
    ]);
  });

  it("takes the node's estimate when it asks for more than the rule", () => {
    const { result } = plan(50_000_000n, 40);
    expect(result).toMatchObject({ ok: true, value: { feeSats: 40n * vsize, feeRate: 40 } });
  });

  it('refuses when the change would fall below dust, never touching the payment', () => {
    expect(plan(600n).result).toMatchObject({
      ok: false,
      code: 'change_too_small',
    });
  });

  it('refuses a rate above the cap', () => {
    expect(plan(40_000_000n, 501).result).toMatchObject({ ok: false, code: 'fee_cap' });
  });
});
