import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { recoveryCodes, refreshTokens, signInEvents, userSessions, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/search';

/**
 * Reads and writes of an account's security: its sessions, sign-in history, anti-phishing phrase and
 * two-factor enrolment (the second factor's proof is the accounts kernel's). A session is
 * live while its refresh-token family has a token neither revoked nor expired: the same test the
 * request guard makes (platform/auth.ts), so a logout, a password change or a disabled account end the
 * listed session too, without writing here.
 */

export type SessionRow = typeof userSessions.$inferSelect;
export type SignInEventRow = typeof signInEvents.$inferSelect;

/** The user's live sessions, most recently used first. */
export async function liveSessionsOf(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  const live = sql<boolean>`EXISTS (SELECT 1 FROM ${refreshTokens}
    WHERE ${refreshTokens.familyId} = ${userSessions.id} AND ${refreshTokens.userId} = ${userSessions.userId}
      AND ${refreshTokens.revokedAt} IS NULL AND ${refreshTokens.expiresAt} > ${now})`;
  return db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), live))
    .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.id))
    .limit(200);
}

/** Ends the named sessions of the user: their rows and every token of their families. */
export async function revokeSessions(tx: DbOrTx, userId: string, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(userSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(userSessions.userId, userId),
        inArray(userSessions.id, [...ids]),
        isNull(userSessions.revokedAt),
      ),
    );
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        inArray(refreshTokens.familyId, [...ids]),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Ends every session of the user but `keepId`: the rows, and every other refresh-token family. */
export async function revokeOtherSessions(tx: DbOrTx, userId: string, keepId: string, at: Date) {
  await tx
    .update(userSessions)
    .set({ revokedAt: at })
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keepId), isNull(userSessions.revokedAt)));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.familyId, keepId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/**
 * One page of the user's sign-in history, searched in the device and network (walks
 * sign_in_events_user_created_idx: one user's rows, filtered there).
 */
export async function signInEventPage(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; orderBy: 'asc' | 'desc'; search?: string | undefined },
): Promise<{ rows: SignInEventRow[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(signInEvents.userId, userId),
    pattern ? or(ilike(signInEvents.device, pattern), ilike(signInEvents.network, pattern)) : undefined,
  );
  const order =
    query.orderBy === 'asc'
      ? [asc(signInEvents.createdAt), asc(signInEvents.id)]
      : [desc(signInEvents.createdAt), desc(signInEvents.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(signInEvents)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(signInEvents).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function antiPhishingPhraseOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ phrase: users.antiPhishingPhrase }).from(users).where(eq(users.id, userId));
  return row?.phrase ?? null;
}

export async function setAntiPhishingPhrase(db: DbOrTx, userId: string, phrase: string | null, at: Date) {
  await db.update(users).set({ antiPhishingPhrase: phrase, updatedAt: at }).where(eq(users.id, userId));
}

export async function enableTotp(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ totpEnabledAt: at, updatedAt: at }).where(eq(users.id, userId));
}

/** Turns two-factor sign-in off: the secret goes with it, so turning it on again enrols anew. */
export async function disableTotp(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, updatedAt: at })
    .where(eq(users.id, userId));
}

/** The sign-in has proved the account's second factor (it just turned two-factor on with a code). */
export async function markSessionTwoFactorPassed(
  tx: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<void> {
  await tx
    .update(userSessions)
    .set({ twoFactorPassed: true })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)));
}

/** The user's recovery codes become these (hashes), every older one gone. */
export async function replaceRecoveryCodes(
  tx: DbOrTx,
  userId: string,
  codeHashes: readonly string[],
  at: Date,
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await tx
      .insert(recoveryCodes)
      .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

export async function countUnspentRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.spentAt)));
  return row?.n ?? 0;
}
