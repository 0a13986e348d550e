import { describe, expect, it } from 'vitest';
import { minedVersionOf, replacedFeeRatesOf } from './utxo-batch-version';

// Which version of a replaced Litecoin batch ends it (issue 47, replace-by-fee): the row takes that
// version's txid, fee and fee rate, and the other versions stay side by side in the replaced arrays.
// The chain's side (an earlier version really mined) is fee-bump.test.ts on a regtest node.
const bumpedTwice = {
  status: 'BROADCAST' as const,
  txid: 'c'.repeat(64),
  feeSats: '1200',
  feeRate: 6,
  replacedTxids: ['a'.repeat(64), 'b'.repeat(64)],
  replacedFees: ['400', '800'],
  replacedFeeRates: [2, 4],
};

describe('the mined version of a replaced batch', () => {
  it('ends with the rate the mined earlier version was built at, not the replacement rate', () => {
    expect(minedVersionOf(bumpedTwice, 'a'.repeat(64))).toEqual({
      txid: 'a'.repeat(64),
      fee: 400n,
      row: {
        txid: 'a'.repeat(64),
        rawTx: null,
        feeSats: '400',
        feeRate: 2,
        replacedTxids: ['b'.repeat(64), 'c'.repeat(64)],
        replacedFees: ['800', '1200'],
        replacedFeeRates: [4, 6],
      },
    });
  });

  it('changes nothing when the current version is the one mined', () => {
    expect(minedVersionOf(bumpedTwice, 'c'.repeat(64))).toEqual({
      txid: 'c'.repeat(64),
      fee: 1200n,
      row: {},
    });
  });

  it('drops a replacement not yet signed and knows no txid that is not the batch own', () => {
    const signing = { ...bumpedTwice, status: 'SIGNING' as const, txid: null };
    expect(minedVersionOf(signing, 'b'.repeat(64))?.row).toMatchObject({
      feeRate: 4,
      replacedTxids: ['a'.repeat(64)],
      replacedFeeRates: [2],
    });
    expect(minedVersionOf(bumpedTwice, 'd'.repeat(64))).toBeNull();
    expect(minedVersionOf({ ...bumpedTwice, status: 'SIGNED' }, 'c'.repeat(64))).toBeNull();
  });

  it('derives the rates a batch replaced before they were kept from its fees, rounded up', () => {
    const unkept = { ...bumpedTwice, replacedFees: ['401', '800'], replacedFeeRates: [] };
    expect(replacedFeeRatesOf(unkept)).toEqual([3, 4]);
    expect(minedVersionOf(unkept, 'b'.repeat(64))?.row).toMatchObject({
      feeRate: 4,
      replacedFeeRates: [3, 6],
    });
  });
});
