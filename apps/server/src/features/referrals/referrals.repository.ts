import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { referrals, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/search';

export type ReferralRow = typeof referrals.$inferSelect;

/** Written at sign-up, in the sign-up's transaction, when the new user gave a valid code. */
export async function insertReferral(
  db: DbOrTx,
  values: { referrerId: string; referredId: string; asset: string; amount: bigint; now: Date },
): Promise<void> {
  await db.insert(referrals).values({
    referrerId: values.referrerId,
    referredId: values.referredId,
    asset: values.asset,
    amount: values.amount.toString(),
    status: 'PENDING',
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/**
 * The referral of a referred user, locked until the transaction ends: concurrent credits for the same
 * user queue here, and each sees the status the one before it left.
 */
export async function lockReferralOfReferred(db: DbOrTx, referredId: string) {
  const [row] = await db
    .select({ referral: referrals, referrerStatus: users.status })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.referredId, referredId))
    .for('update', { of: referrals })
    .limit(1);
  return row;
}

/** Moves a PENDING referral on; false when it was not PENDING any more. */
export async function settleReferral(
  db: DbOrTx,
  referralId: string,
  status: 'SUCCESS' | 'REJECTED',
): Promise<boolean> {
  const updated = await db
    .update(referrals)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'PENDING')))
    .returning({ id: referrals.id });
  return updated.length === 1;
}

/** What a user earned (minor units per asset, paid referrals only) and how many used their code. */
export async function referralSummary(db: DbOrTx, referrerId: string) {
  const result = await db.execute<{ asset: string | null; earned: string; used: string }>(sql`
    SELECT
      (SELECT coalesce(sum(amount), 0)::text FROM referrals
        WHERE referrer_id = ${referrerId}::uuid AND status = 'SUCCESS') AS earned,
      (SELECT count(*)::text FROM referrals WHERE referrer_id = ${referrerId}::uuid) AS used`);
  const row = result.rows[0];
  return { earnedMinor: BigInt(row?.earned ?? '0'), used: Number(row?.used ?? '0') };
}

const referred = alias(users, 'referred');

/** The referrals a user made, newest first; the search matches the referred user's name or the status. */
export async function listReferralsOf(
  db: DbOrTx,
  referrerId: string,
  query: { page: number; limit: number; search?: string },
) {
  const conditions: SQL[] = [eq(referrals.referrerId, referrerId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(referred.name, pattern), ilike(referrals.status, pattern))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ referral: referrals, referrerName: users.name, referredName: referred.name })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(referrals)
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
