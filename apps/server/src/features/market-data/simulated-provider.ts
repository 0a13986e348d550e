import type { AssetCode, PricePoint } from '@exchange/domain';
import { HISTORY_STEP_MS, type PriceProvider } from './price-provider';
import { nextWalkPrice, seededIntegers, WALK_MODELS } from './random-walk';

type WalkAsset = keyof typeof WALK_MODELS;

/**
 * The embedded feed: a seeded random walk per coin (see random-walk.ts). It continues from the last
 * stored price, so a restart does not jump, and back-fills missing history with one point every five
 * minutes, so 24 h change and the one-day chart are real from the first second.
 */
export function simulatedProvider(options: {
  seed: number;
  tickMs: number;
  assets?: readonly WalkAsset[];
}): PriceProvider {
  const assets: readonly WalkAsset[] = options.assets ?? (Object.keys(WALK_MODELS) as WalkAsset[]);
  const next = seededIntegers(options.seed);
  // A walk's spread grows with the square root of its steps: one history point covers this many ticks.
  const historyScale = Math.max(1, Math.round(Math.sqrt(HISTORY_STEP_MS / options.tickMs)));
  const startOf = (asset: WalkAsset, last: ReadonlyMap<AssetCode, PricePoint>) =>
    last.get(asset)?.usd ?? WALK_MODELS[asset].startUsd;

  return {
    source: 'simulated',
    assets,
    async latest(now, last) {
      return assets.map((asset) => ({
        asset,
        usd: nextWalkPrice(WALK_MODELS[asset], startOf(asset, last), next),
        at: now,
      }));
    },
    async history({ now, since, last }) {
      const points: PricePoint[] = [];
      for (const asset of assets) {
        const from = since.get(asset);
        if (!from) continue;
        let usd = startOf(asset, last);
        for (let t = from.getTime() + HISTORY_STEP_MS; t < now.getTime(); t += HISTORY_STEP_MS) {
          usd = nextWalkPrice(WALK_MODELS[asset], usd, next, historyScale);
          points.push({ asset, usd, at: new Date(t) });
        }
      }
      return points;
    },
  };
}
