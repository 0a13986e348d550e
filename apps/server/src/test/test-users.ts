import { randomBytes, randomUUID } from 'node:crypto';
import { refreshTokens, users } from '../db/schema';
import { hashToken, newOpaqueToken } from '../platform/auth';
import type { TestApp } from './test-app';

export interface TestUser {
  readonly id: string;
  readonly email: string;
  /** The sign-in the token belongs to (a refresh-token family, checked by the guards). */
  readonly sessionId: string;
  /** Ready-made `authorization` header with a valid access token. */
  readonly headers: { authorization: string };
}

/**
 * A signed-in user straight in the database, for tests of features behind the guards. The password is
 * not usable: these users never log in through the form.
 */
export async function createTestUser(
  t: Pick<TestApp, 'ctx'>,
  options: { kyc?: boolean; role?: 'USER' | 'ADMIN'; name?: string } = {},
): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const email = `user-${tag}@example.com`;
  const role = options.role ?? 'USER';
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      name: options.name ?? `User ${tag}`,
      email,
      countryCode: '1',
      mobileNo: '5550100',
      passwordHash: 'not-a-usable-hash',
      role,
      emailVerifiedAt: t.ctx.clock.now(),
      isKycVerified: options.kyc ?? false,
      refCode: tag.toUpperCase(),
    })
    .returning({ id: users.id });
  const session = await signInAs(t, row!.id, role);
  return { id: row!.id, email, ...session };
}

/**
 * A new live sign-in for an existing user (a refresh-token family of one token) and an access token
 * for it, as the login route would issue; the guards refuse access tokens without a live sign-in.
 */
export async function signInAs(
  t: Pick<TestApp, 'ctx'>,
  userId: string,
  role: 'USER' | 'ADMIN',
): Promise<{ sessionId: string; headers: { authorization: string } }> {
  const sessionId = randomUUID();
  const now = t.ctx.clock.now();
  await t.ctx.db.insert(refreshTokens).values({
    userId,
    familyId: sessionId,
    tokenHash: hashToken(newOpaqueToken()),
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    createdAt: now,
  });
  const token = await t.ctx.tokens.signAccessToken({ userId, role, sessionId });
  return { sessionId, headers: { authorization: `Bearer ${token}` } };
}
