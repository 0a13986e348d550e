import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { apiKeys, apiListenKeys, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * The API key's listen key: its live one extended to `expiresAt`, or `fresh` stored in place of an
 * expired one (or as its first). One statement; answers the key that holds now.
 */
export async function upsertListenKey(
  db: DbOrTx,
  row: { keyId: string; userId: string; fresh: string; now: Date; expiresAt: Date },
): Promise<string> {
  const result = await db.execute<{ listen_key: string }>(sql`
    INSERT INTO api_listen_keys (key_id, listen_key, user_id, expires_at)
    VALUES (${row.keyId}::uuid, ${row.fresh}, ${row.userId}::uuid, ${row.expiresAt})
    ON CONFLICT (key_id) DO UPDATE SET
      listen_key = CASE WHEN api_listen_keys.expires_at > ${row.now} THEN api_listen_keys.listen_key
                        ELSE EXCLUDED.listen_key END,
      expires_at = EXCLUDED.expires_at
    RETURNING listen_key`);
  const key = result.rows[0]?.listen_key;
  if (!key) throw new Error('invariant violated: upsert returned no listen key');
  return key;
}

/** Moves a live listen key of the API key to `expiresAt`; false when it has none by that name. */
export async function extendListenKey(
  db: DbOrTx,
  where: { keyId: string; listenKey: string; now: Date },
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(apiListenKeys)
    .set({ expiresAt })
    .where(
      and(
        eq(apiListenKeys.keyId, where.keyId),
        eq(apiListenKeys.listenKey, where.listenKey),
        gt(apiListenKeys.expiresAt, where.now),
      ),
    )
    .returning({ keyId: apiListenKeys.keyId });
  return rows.length > 0;
}

/** Removes the API key's listen key by name; false when it has none by that name. */
export async function deleteListenKey(
  db: DbOrTx,
  where: { keyId: string; listenKey: string },
): Promise<boolean> {
  const rows = await db
    .delete(apiListenKeys)
    .where(and(eq(apiListenKeys.keyId, where.keyId), eq(apiListenKeys.listenKey, where.listenKey)))
    .returning({ keyId: apiListenKeys.keyId });
  return rows.length > 0;
}

/** A live listen key (not expired, its API key not revoked): its owner, API key and expiry. */
export async function liveListenKey(
  db: DbOrTx,
  listenKey: string,
  now: Date,
): Promise<{ userId: string; keyId: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ userId: apiListenKeys.userId, keyId: apiListenKeys.keyId, expiresAt: apiListenKeys.expiresAt })
    .from(apiListenKeys)
    .innerJoin(apiKeys, eq(apiKeys.id, apiListenKeys.keyId))
    .where(
      and(
        eq(apiListenKeys.listenKey, listenKey),
        gt(apiListenKeys.expiresAt, now),
        isNull(apiKeys.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Which of these listen keys are live (not expired, their API key not revoked). */
export async function liveListenKeysAmong(
  db: DbOrTx,
  listenKeys: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (listenKeys.length === 0) return new Set();
  const rows = await db
    .select({ listenKey: apiListenKeys.listenKey })
    .from(apiListenKeys)
    .innerJoin(apiKeys, eq(apiKeys.id, apiListenKeys.keyId))
    .where(
      and(
        inArray(apiListenKeys.listenKey, [...listenKeys]),
        gt(apiListenKeys.expiresAt, now),
        isNull(apiKeys.revokedAt),
      ),
    );
  return new Set(rows.map((row) => row.listenKey));
}

/** Which of these API keys are still live: not revoked, their owner an active customer. */
export async function liveApiKeyIds(db: DbOrTx, keyIds: readonly string[]): Promise<Set<string>> {
  if (keyIds.length === 0) return new Set();
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        inArray(apiKeys.id, [...keyIds]),
        isNull(apiKeys.revokedAt),
        eq(users.status, 'ACTIVE'),
        eq(users.kind, 'CUSTOMER'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
