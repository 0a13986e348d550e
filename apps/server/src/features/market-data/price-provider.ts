import { type AssetCode, CRYPTO_CODES, type CryptoCode, type PricePoint } from '@exchange/domain';

export type FeedAsset = CryptoCode | 'MULTI';
/** Every coin the feed prices: the ten supported coins and MULTI, the platform coin index. */
export const FEED_ASSETS: readonly FeedAsset[] = [...CRYPTO_CODES, 'MULTI'];

/** Spacing of back-filled history: the granularity of a one-day chart. */
export const HISTORY_STEP_MS = 5 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/**
 * One price as a provider reports it: `at` is the provider's own time of the price, or null when its
 * answer carried none (the feed then refuses the tick: see the domain's `screenPriceTick`).
 */
export interface ProviderTick {
  readonly asset: AssetCode;
  readonly usd: bigint;
  readonly at: Date | null;
}

export interface HistoryRequest {
  readonly now: Date;
  /** Per asset: the newest instant already stored (or the start of the 24 h window); fill after it. */
  readonly since: ReadonlyMap<AssetCode, Date>;
  /** Per asset: the newest stored price, if any, so a walk continues from it. */
  readonly last: ReadonlyMap<AssetCode, PricePoint>;
}

/**
 * One source of USD reference prices. The feed calls `latest` on every tick and `history` when it
 * starts writing, stores what they return in price_ticks (with `source`) and serves it from there.
 * A provider that fails throws; an asset it cannot price this time is simply left out, and the feed
 * keeps serving that asset's last good price with its original time, so staleness shows.
 */
export interface PriceProvider {
  /** Stored in price_ticks.source: 'simulated', 'coingecko' or 'binance'. */
  readonly source: string;
  readonly assets: readonly AssetCode[];
  latest(now: Date, last: ReadonlyMap<AssetCode, PricePoint>): Promise<ProviderTick[]>;
  /** Back-fill: points after `since` and before `now` (the live tick supplies `now`), ~5 minutes apart. */
  history(request: HistoryRequest): Promise<PricePoint[]>;
}
