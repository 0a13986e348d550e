import { and, count, desc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { kycRecords, otps, recoveryCodes, refreshTokens, userSessions, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * Reads and writes of the accounts-and-sign-in feature. Functions that lock take a transaction;
 * every transaction that changes a user's tokens locks the user row first, so a refresh racing a
 * logout or a password change cannot leave a live token behind.
 */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OtpRow = typeof otps.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ---------------------------------------------------------------- users

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function lockUserByEmail(tx: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
  return row;
}

export async function lockUserById(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** The customer whose referral code this is (a SYSTEM account, the house's, refers nobody). */
export async function findUserIdByRefCode(db: DbOrTx, refCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.refCode, refCode), eq(users.kind, 'CUSTOMER')))
    .limit(1);
  return row?.id;
}

/** Inserts a user, or returns undefined when the e-mail or the referral code is already taken. */
export async function insertUserUnlessTaken(tx: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markEmailVerified(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export async function setPasswordHash(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  // The time starts the withdrawal cool-down (a changed password may be a stolen account).
  await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}

/** Stores an enrolment's TOTP secret, not yet in force (see enableTotp). */
export async function setTotpSecret(tx: DbOrTx, userId: string, secret: string, at: Date): Promise<void> {
  await tx.update(users).set({ totpSecret: secret, updatedAt: at }).where(eq(users.id, userId));
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

export async function countUnspentRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.spentAt)));
  return row?.n ?? 0;
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

// ---------------------------------------------------------------- one-time codes

/** Retires every unused code of this purpose, so only the newest one can ever be accepted. */
export async function supersedeOtps(
  tx: DbOrTx,
  userId: string,
  purpose: OtpPurpose,
  at: Date,
): Promise<void> {
  await tx
    .update(otps)
    .set({ consumedAt: at })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
}

export async function insertOtp(
  tx: DbOrTx,
  values: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(otps).values(values);
}

/** The newest unused code of this purpose, locked so concurrent tries are counted one by one. */
export async function lockLiveOtp(
  tx: DbOrTx,
  userId: string,
  purpose: OtpPurpose,
): Promise<OtpRow | undefined> {
  const [row] = await tx
    .select()
    .from(otps)
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function recordOtpAttempt(tx: DbOrTx, otp: OtpRow): Promise<void> {
  await tx
    .update(otps)
    .set({ attempts: otp.attempts + 1 })
    .where(eq(otps.id, otp.id));
}

export async function consumeOtp(tx: DbOrTx, otpId: string, at: Date): Promise<void> {
  await tx.update(otps).set({ consumedAt: at }).where(eq(otps.id, otpId));
}

// ---------------------------------------------------------------- refresh tokens

export async function insertRefreshToken(
  tx: DbOrTx,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function markRefreshTokenRotated(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: DbOrTx, familyId: string, at: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
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

/**
 * The user's newest KYC submission, id and status, for the sign-in answer's `kycdata`. Read here
 * rather than through the KYC feature: a feature imports only the kernel, never another feature.
 */
export async function newestKycSubmissionOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; status: string } | undefined> {
  const [row] = await db
    .select({ id: kycRecords.id, status: kycRecords.status })
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .orderBy(desc(kycRecords.createdAt))
    .limit(1);
  return row;
}
