import { messages as m } from '@exchange/contracts';
import { HOUSE_USER_EMAIL } from '@exchange/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { PASSWORD, post, ROOMY_LIMITS, signupBody, waitForCodeRequests } from './auth-test-helpers';

/**
 * System accounts (the house liquidity account) are the exchange's own: their e-mail domain is not a
 * customer's to register, and they never sign in, even should one hold a working password.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
});
afterAll(async () => t.close());

async function userCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(users);
  return row!.n;
}

describe('the reserved e-mail domain of system accounts', () => {
  it.each([
    HOUSE_USER_EMAIL,
    'House-Liquidity@System.Invalid',
    'anyone@system.invalid',
    'x@mail.system.invalid',
  ])('cannot be signed up with (%s): 400, nothing written', async (email) => {
    const before = await userCount();
    const res = await post(t, '/auth/signup', signupBody(email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      message: m.registerEmailReserved,
      code: 'validation_failed',
    });
    expect(await userCount()).toBe(before);
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()))).toEqual(
      [],
    );
  });

  it('leaves look-alike domains to customers', async () => {
    const res = await post(t, '/auth/signup', signupBody('someone@notsystem.invalid'));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a system account', () => {
  it('is no referrer: its referral code is unknown at sign-up', async () => {
    const [house] = await t.ctx.db.select().from(users).where(eq(users.kind, 'SYSTEM'));
    const res = await post(
      t,
      '/auth/signup',
      signupBody('referred@example.com', { referral_code: house!.refCode }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.referralInvalid, code: 'referral_invalid' });
  });

  it('exists from the migrations, one, disabled, with no usable password', async () => {
    const system = await t.ctx.db.select().from(users).where(eq(users.kind, 'SYSTEM'));
    expect(system).toHaveLength(1);
    expect(system[0]).toMatchObject({
      email: HOUSE_USER_EMAIL,
      status: 'DISABLED',
      passwordHash: 'disabled',
    });
    expect(await t.trading.liquidity.houseUserId()).toBe(system[0]!.id);
  });

  it('never signs in, nor gets a reset code, even with a working password and an active status', async () => {
    // As if someone had got a password onto it: the kind alone keeps it out.
    await t.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), status: 'ACTIVE', emailVerifiedAt: new Date() })
      .where(eq(users.kind, 'SYSTEM'));
    const login = await post(t, '/auth/login', { email: HOUSE_USER_EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ message: m.invalidCredentials, code: 'invalid_credentials' });

    const handled = (await waitForCodeRequests(t, 0)).length;
    const forget = await post(t, '/auth/password/forget', { email: HOUSE_USER_EMAIL });
    expect(forget.statusCode).toBe(200);
    const [outcome] = (await waitForCodeRequests(t, handled + 1)).slice(handled);
    expect(outcome).toMatchObject({ outcome: 'no_account' });
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, HOUSE_USER_EMAIL))).toEqual([]);
  });

  it('is no P2P recipient, even active: unknown, as an address nobody has', async () => {
    await t.ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.kind, 'SYSTEM'));
    const sender = await createTestUser(t, { kyc: true });
    const house = await post(t, '/common/user/userInfo', { email: HOUSE_USER_EMAIL }, sender.headers);
    const nobody = await post(t, '/common/user/userInfo', { email: 'nobody@example.com' }, sender.headers);
    expect(house.statusCode).toBe(404);
    expect(house.json().message).toBe(nobody.json().message);
  });
});
