import { bigserial, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Reference prices in USD, one row per asset per tick, kept for 24 h change and charts. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    asset: text('asset').notNull(),
    priceUsd: numeric('price_usd', { precision: 38, scale: 12 }).notNull(),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The feed prunes old ticks of every asset at once by time, which the per-asset index cannot serve.
  (t) => [index('price_ticks_asset_at_idx').on(t.asset, t.at), index('price_ticks_at_idx').on(t.at)],
);
