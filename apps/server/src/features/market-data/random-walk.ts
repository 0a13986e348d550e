import { type AssetCode, divide } from '@exchange/domain';

/**
 * The simulated feed's price model, pure and seeded so a run can be replayed: every step moves a
 * coin's price by a whole number of basis points drawn from a seeded generator. Only the step is
 * random; prices stay bigint (USD × 10^8) throughout.
 */

/** A 32-bit seeded generator (mulberry32): small, fast, and good enough for a demo market. */
export function seededIntegers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A whole number in [min, max] from the generator. */
export function integerBetween(next: () => number, min: number, max: number): number {
  return min + (next() % (max - min + 1));
}

export interface WalkModel {
  /** Where the walk starts on an empty database: a realistic recent price, USD × 10^8. */
  readonly startUsd: bigint;
  /**
   * Largest move per live tick, in basis points; 0 marks a stablecoin held near its peg. Tuned for the
   * default 3-second tick: a day of steps then spreads BTC by about 2% and the smaller coins by 3-5%.
   */
  readonly maxStepBps: number;
}

/** Stablecoins stay within this many basis points of one dollar. */
export const PEG_BAND_BPS = 3;

const usd = (dollars: string): bigint => {
  const [whole = '0', fraction = ''] = dollars.split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};

export const WALK_MODELS: Readonly<Record<Exclude<AssetCode, 'USD'>, WalkModel>> = {
  BTC: { startUsd: usd('64250.00'), maxStepBps: 2 },
  BNB: { startUsd: usd('585.40'), maxStepBps: 3 },
  ETH: { startUsd: usd('3120.55'), maxStepBps: 3 },
  USDT: { startUsd: usd('1'), maxStepBps: 0 },
  USDC: { startUsd: usd('1'), maxStepBps: 0 },
  XRP: { startUsd: usd('0.5234'), maxStepBps: 4 },
  ADA: { startUsd: usd('0.4512'), maxStepBps: 4 },
  MATIC: { startUsd: usd('0.7021'), maxStepBps: 5 },
  DOT: { startUsd: usd('6.915'), maxStepBps: 4 },
  BUSD: { startUsd: usd('1'), maxStepBps: 0 },
  LTC: { startUsd: usd('84.62'), maxStepBps: 3 },
  MULTI: { startUsd: usd('2'), maxStepBps: 3 },
};

/**
 * The next price of a walk. `scale` widens the step for coarser points (a 5-minute back-fill point
 * stands for ~100 live ticks, so its step is ~10 times wider). The walk leans back towards its start
 * once it has doubled or halved, so a long-running demo stays plausible; stablecoins are drawn fresh
 * inside their peg band each time.
 */
export function nextWalkPrice(model: WalkModel, current: bigint, next: () => number, scale = 1): bigint {
  if (model.maxStepBps === 0) {
    const offsetBps = integerBetween(next, -PEG_BAND_BPS, PEG_BAND_BPS);
    return divide(model.startUsd * BigInt(10_000 + offsetBps), 10_000n, 'down');
  }
  const reach = model.maxStepBps * scale;
  let low = -reach;
  let high = reach;
  if (current > model.startUsd * 2n) high = Math.floor(reach / 2);
  if (current * 2n < model.startUsd) low = -Math.floor(reach / 2);
  const stepBps = integerBetween(next, low, high);
  const moved = divide(current * BigInt(10_000 + stepBps), 10_000n, 'down');
  return moved > 0n ? moved : 1n;
}
