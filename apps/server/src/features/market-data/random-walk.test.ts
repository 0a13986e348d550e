import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerBetween, nextWalkPrice, PEG_BAND_BPS, seededIntegers, WALK_MODELS } from './random-walk';

describe('random walk', () => {
  it('replays exactly from the same seed', () => {
    const walk = (seed: number) => {
      const next = seededIntegers(seed);
      let usd = WALK_MODELS.BTC.startUsd;
      const path: bigint[] = [];
      for (let i = 0; i < 50; i += 1) {
        usd = nextWalkPrice(WALK_MODELS.BTC, usd, next);
        path.push(usd);
      }
      return path;
    };
    expect(walk(42)).toEqual(walk(42));
    expect(walk(42)).not.toEqual(walk(43));
  });

  it('draws whole numbers inside the asked range', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 0 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, min, max) => {
          const next = seededIntegers(seed);
          for (let i = 0; i < 20; i += 1) {
            const n = integerBetween(next, min, max);
            expect(Number.isInteger(n) && n >= min && n <= max).toBe(true);
          }
        },
      ),
    );
  });

  it('moves a coin by at most its step per tick', () => {
    fc.assert(
      fc.property(fc.integer(), fc.bigInt({ min: 1_000_000n, max: 10n ** 15n }), (seed, usd) => {
        const model = WALK_MODELS.DOT;
        const moved = nextWalkPrice(model, usd, seededIntegers(seed));
        const delta = moved > usd ? moved - usd : usd - moved;
        expect(delta * 10_000n <= usd * BigInt(model.maxStepBps) + 10_000n).toBe(true);
      }),
    );
  });

  it('keeps stablecoins within a few basis points of one dollar', () => {
    const next = seededIntegers(1);
    for (let i = 0; i < 2_000; i += 1) {
      const usd = nextWalkPrice(WALK_MODELS.USDT, 100_000_000n, next, 10);
      expect(usd >= 100_000_000n - BigInt(PEG_BAND_BPS) * 10_000n).toBe(true);
      expect(usd <= 100_000_000n + BigInt(PEG_BAND_BPS) * 10_000n).toBe(true);
    }
  });

  it('stays positive and leans back towards its start over a long run', () => {
    const next = seededIntegers(7);
    const model = WALK_MODELS.MATIC;
    let usd = model.startUsd;
    let lowest = usd;
    // Unchecked, 100,000 steps of up to 50 bps would wander orders of magnitude away.
    for (let i = 0; i < 100_000; i += 1) {
      usd = nextWalkPrice(model, usd, next, 10);
      if (usd < lowest) lowest = usd;
    }
    expect(lowest > 0n).toBe(true);
    expect(usd < model.startUsd * 4n && usd * 4n > model.startUsd).toBe(true);
  });
});
