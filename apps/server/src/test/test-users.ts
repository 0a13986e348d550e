import { randomBytes } from 'node:crypto';
import { users } from '../db/schema';
import type { TestApp } from './test-app';

export interface TestUser {
  readonly id: string;
  readonly email: string;
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
  const token = await t.ctx.tokens.signAccessToken({ userId: row!.id, role });
  return { id: row!.id, email, headers: { authorization: `Bearer ${token}` } };
}
