import { describe, expect, it } from 'vitest';
import { decideSweep, sweepGasReserve } from './decide-sweep';

const gwei = 1_000_000_000n;
const eth = 1_000_000_000_000_000_000n;

describe('deciding a sweep', () => {
  const native = { token: false, threshold: eth / 100n, gasLimit: 21_000n, maxFeePerGas: 2n * gwei };

  it('sweeps a native balance minus twice the gas it costs now', () => {
    const decided = decideSweep({ ...native, balance: eth, nativeBalance: eth });
    expect(decided).toEqual({ kind: 'native', value: eth - 21_000n * 2n * gwei * 2n });
    expect(sweepGasReserve(21_000n, 2n * gwei)).toBe(84_000n * gwei);
  });

  it('leaves a balance below the threshold, and one the gas would mostly eat', () => {
    expect(decideSweep({ ...native, balance: eth / 200n, nativeBalance: eth / 200n })).toEqual({
      kind: 'skip',
      reason: 'below_threshold',
    });
    expect(decideSweep({ ...native, threshold: 0n, balance: 0n, nativeBalance: 0n }).kind).toBe('skip');
    const dear = { ...native, maxFeePerGas: 1_000_000n * gwei };
    expect(decideSweep({ ...dear, balance: eth / 20n, nativeBalance: eth / 20n })).toEqual({
      kind: 'skip',
      reason: 'not_worth_gas',
    });
  });

  it("tops a token's address up with just the gas it lacks", () => {
    const token = { token: true, threshold: 10_000_000n, gasLimit: 60_000n, maxFeePerGas: gwei };
    const reserve = 120_000n * gwei;
    expect(decideSweep({ ...token, balance: 25_000_000n, nativeBalance: 0n })).toEqual({
      kind: 'token',
      amount: 25_000_000n,
      gasTopUp: reserve,
    });
    expect(decideSweep({ ...token, balance: 25_000_000n, nativeBalance: reserve / 4n })).toMatchObject({
      gasTopUp: reserve - reserve / 4n,
    });
    expect(decideSweep({ ...token, balance: 25_000_000n, nativeBalance: eth })).toMatchObject({
      gasTopUp: 0n,
    });
    expect(decideSweep({ ...token, balance: 9_000_000n, nativeBalance: eth }).kind).toBe('skip');
  });
});
