import { and, desc, eq, isNull } from 'drizzle-orm';
import { kycRecords, otps, refreshTokens, signInEvents, userSessions, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import type { UserRow } from '../accounts/accounts.repository';

/**
 * Reads and writes of sign-up and sign-in: users by e-mail, one-time codes, refresh tokens, and the
 * session rows and history entries a sign-in writes (the Security page reads them). The user by id,
 * the second factor and ending every sign-in are the accounts kernel's (accounts.repository.ts).
 * Functions that lock take a transaction; every transaction that changes a user's tokens locks the
 * user row first, so a refresh racing a logout or a password change cannot leave a live token behind.
 */

export type NewUser = typeof users.$inferInsert;
export type OtpRow = typeof otps.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ---------------------------------------------------------------- users

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function lockUserByEmail(tx: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
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

// ---------------------------------------------------------------- sign-ins (the Security page reads them)

export type SignInOutcome = (typeof signInEvents.$inferSelect)['outcome'];

export async function insertSession(
  db: DbOrTx,
  values: {
    id: string;
    userId: string;
    userAgent: string;
    device: string;
    network: string;
    twoFactorPassed: boolean;
    at: Date;
  },
): Promise<void> {
  const { at, ...rest } = values;
  await db.insert(userSessions).values({ ...rest, createdAt: at, lastUsedAt: at });
}

/** Moves a session's last use (on a refresh: an access token lives minutes, so this is close enough). */
export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(userSessions).set({ lastUsedAt: at }).where(eq(userSessions.id, id));
}

export async function insertSignInEvent(
  db: DbOrTx,
  values: { userId: string; outcome: SignInOutcome; device: string; network: string; at: Date },
): Promise<void> {
  const { at, ...rest } = values;
  await db.insert(signInEvents).values({ ...rest, createdAt: at });
}

/** The places (device label, network) of the user's earlier successful sign-ins, newest first. */
export async function successfulSignInPlaces(db: DbOrTx, userId: string) {
  return db
    .selectDistinct({ device: signInEvents.device, network: signInEvents.network })
    .from(signInEvents)
    .where(and(eq(signInEvents.userId, userId), eq(signInEvents.outcome, 'SUCCESS')))
    .limit(1000);
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
