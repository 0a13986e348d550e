import { and, eq, gt, isNull } from 'drizzle-orm';
import { instantQuotes } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type QuoteRow = typeof instantQuotes.$inferSelect;
export type NewQuote = typeof instantQuotes.$inferInsert;

export async function insertInstantQuote(db: DbOrTx, values: NewQuote): Promise<QuoteRow> {
  const [row] = await db.insert(instantQuotes).values(values).returning();
  return row!;
}

export async function findInstantQuote(db: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(instantQuotes).where(eq(instantQuotes.id, id));
  return row;
}

/** Marks the quote used if it is still unused and unexpired at `now`; undefined when another got it. */
export async function claimInstantQuote(db: DbOrTx, id: string, now: Date): Promise<QuoteRow | undefined> {
  const [row] = await db
    .update(instantQuotes)
    .set({ usedAt: now })
    .where(and(eq(instantQuotes.id, id), isNull(instantQuotes.usedAt), gt(instantQuotes.expiresAt, now)))
    .returning();
  return row;
}
