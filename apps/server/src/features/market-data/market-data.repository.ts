import { type AssetCode, formatMinor, PRICE_DECIMALS, type PricePoint, parseDecimal } from '@exchange/domain';
import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import { priceTicks } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/** Rows per INSERT statement: 4 parameters a row keeps one statement well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 5_000;

/** price_ticks.price_usd is NUMERIC(38,12); prices in code are USD × 10^8. */
function priceFromRow(text: string): bigint {
  const usd = parseDecimal(text, PRICE_DECIMALS, 'down');
  if (usd === null) throw new Error(`unreadable price ${text}`);
  return usd;
}

const assetList = (assets: readonly AssetCode[]) =>
  sql.join(
    assets.map((asset) => sql`${asset}`),
    sql`, `,
  );

/** A price as stored: with the provider it came from. */
export interface TickRow extends PricePoint {
  readonly source: string;
}

/** One multi-row INSERT per chunk: a whole tick of every coin is a single statement. */
export async function insertTicks(db: DbOrTx, rows: readonly TickRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await db.insert(priceTicks).values(
      chunk.map((row) => ({
        asset: row.asset,
        priceUsd: formatMinor(row.usd, PRICE_DECIMALS),
        source: row.source,
        at: row.at,
      })),
    );
  }
}

/** The newest stored price of each asset (one index lookup per asset). */
export async function newestTicks(
  db: DbOrTx,
  assets: readonly AssetCode[],
): Promise<Map<AssetCode, PricePoint>> {
  if (assets.length === 0) return new Map();
  const result = await db.execute<{ asset: AssetCode; price_usd: string; at: Date }>(sql`
    SELECT a.asset, t.price_usd, t.at
    FROM unnest(ARRAY[${assetList(assets)}]::text[]) AS a(asset)
    CROSS JOIN LATERAL (
      SELECT price_usd, at FROM price_ticks WHERE asset = a.asset ORDER BY at DESC LIMIT 1
    ) AS t`);
  return new Map(
    result.rows.map((row) => [
      row.asset,
      { asset: row.asset, usd: priceFromRow(row.price_usd), at: new Date(row.at) },
    ]),
  );
}

/**
 * Each asset's price at `at` (the last tick at or before it), or, when history does not reach that
 * far back, its oldest stored price: the reference for "change over 24 h".
 */
export async function pricesAt(
  db: DbOrTx,
  assets: readonly AssetCode[],
  at: Date,
): Promise<Map<AssetCode, bigint>> {
  if (assets.length === 0) return new Map();
  const result = await db.execute<{ asset: AssetCode; price_usd: string | null }>(sql`
    SELECT a.asset, coalesce(
      (SELECT price_usd FROM price_ticks WHERE asset = a.asset AND at <= ${at} ORDER BY at DESC LIMIT 1),
      (SELECT price_usd FROM price_ticks WHERE asset = a.asset AND at > ${at} ORDER BY at ASC LIMIT 1)
    ) AS price_usd
    FROM unnest(ARRAY[${assetList(assets)}]::text[]) AS a(asset)`);
  const out = new Map<AssetCode, bigint>();
  for (const row of result.rows) if (row.price_usd !== null) out.set(row.asset, priceFromRow(row.price_usd));
  return out;
}

/**
 * The last `limit` points of the day before `now` at `bucketSeconds` spacing: for each interval, its
 * last price, stamped with the interval's start (so points are evenly spaced and strictly increasing).
 */
export async function chartPoints(
  db: DbOrTx,
  asset: AssetCode,
  now: Date,
  options: { bucketSeconds: number; limit: number; windowMs: number },
): Promise<{ time: number; usd: bigint }[]> {
  const from = new Date(now.getTime() - options.windowMs);
  const result = await db.execute<{ bucket: string; price_usd: string }>(sql`
    SELECT DISTINCT ON (bucket) floor(extract(epoch FROM at) / ${options.bucketSeconds})::bigint AS bucket, price_usd
    FROM price_ticks
    WHERE asset = ${asset} AND at > ${from} AND at <= ${now}
    ORDER BY bucket DESC, at DESC
    LIMIT ${options.limit}`);
  return result.rows
    .map((row) => ({
      time: Number.parseInt(String(row.bucket), 10) * options.bucketSeconds,
      usd: priceFromRow(row.price_usd),
    }))
    .reverse();
}

/** History older than `before` is not shown anywhere (24 h change and one-day charts only). */
export async function pruneTicks(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(priceTicks).where(lt(priceTicks.at, before));
}

/** After a feed switch, another provider's history of these assets would mix into charts: drop it. */
export async function dropOtherSources(
  db: DbOrTx,
  assets: readonly AssetCode[],
  source: string,
): Promise<void> {
  if (assets.length === 0) return;
  await db
    .delete(priceTicks)
    .where(and(inArray(priceTicks.asset, [...assets]), ne(priceTicks.source, source)));
}

export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
