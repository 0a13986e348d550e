import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { recoveryCodes, refreshTokens, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * The account reads and writes every feature may need: the user by id (read or locked), the second
 * factor's spent steps and recovery codes, ending sign-ins, and the address mail goes to. Functions
 * that lock take a transaction; every transaction that changes a user's tokens locks the user row
 * first, so a refresh racing a logout or a password change cannot leave a live token behind.
 */

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function lockUserById(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** Stores an enrolment's TOTP secret, not yet in force (see enableTotp). */
export async function setTotpSecret(tx: DbOrTx, userId: string, secret: string, at: Date): Promise<void> {
  await tx.update(users).set({ totpSecret: secret, updatedAt: at }).where(eq(users.id, userId));
}

/**
 * Spends a recovery code: true only for the one call that finds it unspent. The condition sits in the
 * UPDATE, so parallel tries with one code cannot both pass.
 */
export async function spendRecoveryCode(
  tx: DbOrTx,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(recoveryCodes)
    .set({ spentAt: at })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.spentAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** Whether the user holds this recovery code unspent (read only: spendRecoveryCode spends it). */
export async function hasUnspentRecoveryCode(tx: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await tx
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.spentAt),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/**
 * Spends a TOTP step: true only for the first use of a step later than any used before. The
 * condition sits in the UPDATE, so two sign-ins racing with one code cannot both pass.
 */
export async function claimTotpStep(tx: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Signs the user out everywhere, except the sign-in (family) named by `keepFamilyId`, if any. */
export async function revokeUserTokens(
  tx: DbOrTx,
  userId: string,
  at: Date,
  keepFamilyId?: string,
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(...conditions));
}

export async function contactOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
