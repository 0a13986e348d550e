import { describe, expect, it } from 'vitest';
import {
  type ChainSendItem,
  chainSendCost,
  decideChainSend,
  type FreeFunds,
  freeHotWalletFunds,
} from './decide-chain-send';

const gwei = 1_000_000_000n;
const eth = 10n ** 18n;
const fee = 2n * gwei;
const ethOut = (units: bigint): ChainSendItem => ({ asset: 'ETH', token: false, units });
const usdtOut = (units: bigint): ChainSendItem => ({ asset: 'USDT', token: true, units });
const funds = (ethUnits: bigint, usdtUnits: bigint): FreeFunds =>
  new Map([
    ['ETH', ethUnits],
    ['USDT', usdtUnits],
  ]);
const decide = (free: FreeFunds, item: ChainSendItem, waiting: string[] = []) =>
  decideChainSend({ free, nativeAsset: 'ETH', waiting: new Set(waiting), item, maxFeePerGas: fee });

describe('deciding which coin withdrawals the hot wallet pays now', () => {
  it('costs a native transfer its value and 21,000 gas, a token transfer its coins and 100,000 gas in ETH', () => {
    expect(chainSendCost(ethOut(eth), fee)).toEqual({ native: eth + 21_000n * fee, coin: 0n });
    expect(chainSendCost(usdtOut(5_000_000n), fee)).toEqual({ native: 100_000n * fee, coin: 5_000_000n });
  });

  it('sends what the hot wallet covers and answers what is left free', () => {
    const decided = decide(funds(2n * eth, 10_000_000n), usdtOut(4_000_000n));
    expect(decided).toEqual({ kind: 'send', freeAfter: funds(2n * eth - 100_000n * fee, 6_000_000n) });
    expect(decide(funds(2n * eth, 0n), ethOut(eth))).toEqual({
      kind: 'send',
      freeAfter: funds(eth - 21_000n * fee, 0n),
    });
  });

  it('makes a withdrawal wait when its coin or the gas is short', () => {
    expect(decide(funds(2n * eth, 3_000_000n), usdtOut(4_000_000n))).toEqual({ kind: 'wait' });
    expect(decide(funds(100_000n * fee - 1n, 10_000_000n), usdtOut(4_000_000n))).toEqual({ kind: 'wait' });
    // A native withdrawal needs its value and its gas.
    expect(decide(funds(eth, 0n), ethOut(eth))).toEqual({ kind: 'wait' });
  });

  it('pays first come first: once one of a coin waits, the later ones of that coin wait too', () => {
    expect(decide(funds(2n * eth, 10_000_000n), usdtOut(1n), ['USDT'])).toEqual({ kind: 'wait' });
    expect(decide(funds(2n * eth, 10_000_000n), ethOut(1n), ['USDT']).kind).toBe('send');
  });

  it('counts the transfers already handed to the sender as spoken for', () => {
    const free = freeHotWalletFunds(
      funds(2n * eth, 10_000_000n),
      'ETH',
      [ethOut(eth), usdtOut(4_000_000n)],
      fee,
    );
    expect(free).toEqual(funds(eth - 121_000n * fee, 6_000_000n));
    expect(decide(free, ethOut(eth))).toEqual({ kind: 'wait' });
  });
});
