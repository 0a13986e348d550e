import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What a signed request needs of its key and the key's owner: one indexed read (key_hash, users pk). */
export interface KeyForRequest {
  readonly id: string;
  readonly userId: string;
  readonly sealedSecret: string | null;
  readonly canTrade: boolean;
  readonly ipAllowList: string[];
  readonly lastUsedAt: Date | null;
  readonly ownerActive: boolean;
  readonly ownerKycVerified: boolean;
}

/** The live (unrevoked) key whose string hashes to `keyHash`, with its owner's standing. */
export async function liveKeyByHash(db: DbOrTx, keyHash: string): Promise<KeyForRequest | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      sealedSecret: apiKeys.sealedSecret,
      canTrade: apiKeys.canTrade,
      ipAllowList: apiKeys.ipAllowList,
      lastUsedAt: apiKeys.lastUsedAt,
      status: users.status,
      kind: users.kind,
      isKycVerified: users.isKycVerified,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.userId,
    sealedSecret: row.sealedSecret,
    canTrade: row.canTrade,
    ipAllowList: row.ipAllowList,
    lastUsedAt: row.lastUsedAt,
    ownerActive: row.status === 'ACTIVE' && row.kind === 'CUSTOMER',
    ownerKycVerified: row.isKycVerified,
  };
}

/** Moves last_used_at to `at` unless it moved within the last `everyMs` (one write a minute per key). */
export async function touchKey(db: DbOrTx, keyId: string, at: Date, everyMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - everyMs))),
      ),
    );
}

export async function countLiveKeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.total ?? 0;
}

export async function insertKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('api key insert returned no row');
  return inserted;
}

/** One page of a user's live keys, newest first (api_keys_user_live_idx). */
export async function liveKeyPage(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number },
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const where = and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(apiKeys).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Revokes one of the user's live keys and drops its secret; false when there was no such key. */
export async function revokeKey(db: DbOrTx, userId: string, keyId: string, at: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: at, sealedSecret: null })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** Revokes every live key of the user and drops their secrets; answers how many were revoked. */
export async function revokeAllKeysOf(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: at, sealedSecret: null })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}
