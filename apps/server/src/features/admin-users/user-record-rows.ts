import type { AdminUserRecord } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';

/** An amount in minor units as '12.50 USD' (a code this build does not know is shown raw). */
export function amountText(minor: bigint | string, asset: string): string {
  if (!isAssetCode(asset)) return `${minor} ${asset}`;
  return `${formatMinor(BigInt(minor), getAsset(asset).scale)} ${asset}`;
}

export interface Query {
  readonly page: number;
  readonly limit: number;
}

/** One page of `table`'s rows of the user (`where`), newest first by `created`, with the total. */
export async function pageOf<Row>(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  created: PgColumn,
  id: PgColumn,
  query: Query,
): Promise<{ rows: Row[]; total: number }> {
  const rows = (await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(created), desc(id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as Row[];
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const record = (
  id: string,
  at: Date,
  fields: Partial<Omit<AdminUserRecord, '_id' | 'createdAt'>> & { title: string; status: string },
): AdminUserRecord => ({
  _id: id,
  createdAt: at.toISOString(),
  amount: null,
  detail: '',
  revocable: false,
  ...fields,
});
