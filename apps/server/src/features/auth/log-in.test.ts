import { loginUserSchema, messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRecords, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { PASSWORD, post, ROOMY_LIMITS, registerVerified, signupBody, userRow } from './auth-test-helpers';
import { refreshCookieOptions } from './session-tokens';

const PUBLIC_USER_KEYS = [
  '_id',
  'country_code',
  'createdAt',
  'email',
  'is_kyc_verified',
  'mobile_no',
  'name',
  'profile_pic',
  'ref_code',
  'role',
  'status',
  'user_role',
];
/** Sign-in also answers what the spec's client stores then: the wallet and the newest KYC submission. */
const LOGIN_USER_KEYS = [...PUBLIC_USER_KEYS, 'kycdata', 'wallet', 'walletdata'].sort();

const walletWith = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { authorization: `Bearer ${token}` } });

describe('logging in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
    await registerVerified(t, 'clarice@example.com');
  });
  afterAll(async () => t.close());

  it('a verified customer logs in and gets an access token, a refresh token and the refresh cookie', async () => {
    const res = await post(t, '/auth/login', { email: 'Clarice@Example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: m.loginSuccess });
    expect(Object.keys(body.data).sort()).toEqual(LOGIN_USER_KEYS);
    const stored = await userRow(t, 'clarice@example.com');
    const { wallet } = (await walletWith(t, body.token)).json().data;
    expect(body.data).toEqual({
      _id: stored!.id,
      name: 'Dana Scully',
      email: 'clarice@example.com',
      country_code: '91',
      mobile_no: '9876543210',
      user_role: 'USER',
      role: 'USER',
      ref_code: stored!.refCode,
      is_kyc_verified: false,
      profile_pic: '',
      status: 'ACTIVE',
      createdAt: stored!.createdAt.toISOString(),
      wallet,
      walletdata: wallet,
      kycdata: [],
    });
    expect(await t.ctx.tokens.verifyAccessToken(body.token)).toEqual({
      userId: stored!.id,
      role: 'USER',
      sessionId: expect.any(String),
    });

    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/auth',
    });
    expect(cookie!.secure).toBeUndefined();
    expect(cookie!.maxAge).toBe(30 * 86_400);
  });

  it('never shows the password hash, even though the row carries it', async () => {
    const res = await post(t, '/auth/login', { email: 'clarice@example.com', password: PASSWORD });
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);
    const stored = await userRow(t, 'clarice@example.com');
    const leaky = { ...res.json().data, password_hash: stored!.passwordHash, referredBy: null };
    expect(Object.keys(loginUserSchema.parse(leaky)).sort()).toEqual(LOGIN_USER_KEYS);
  });

  it("answers with the user's wallet (as `wallet` and `walletdata`) and newest KYC submission (`kycdata`)", async () => {
    await registerVerified(t, 'ardelia@example.com');
    const stored = await userRow(t, 'ardelia@example.com');
    await fund(t, { id: stored!.id } as TestUser, 'USD', '250.5');
    const kyc = {
      userId: stored!.id,
      firstName: 'Ardelia',
      lastName: 'Mapp',
      mobileNo: '9876543210',
      countryCode: '91',
      dob: '1990-01-01',
      city: 'Quantico',
      state: 'Virginia',
      country: 'United States',
      documents: [],
    };
    const [rejected] = await t.ctx.db
      .insert(kycRecords)
      .values({
        ...kyc,
        status: 'REJECTED',
        reason: 'blurred',
        decidedBy: stored!.id,
        decidedAt: new Date(),
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [pending] = await t.ctx.db.insert(kycRecords).values(kyc).returning();
    expect(rejected!.createdAt < pending!.createdAt).toBe(true);

    const res = await post(t, '/auth/login', { email: 'ardelia@example.com', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const { data, token } = res.json();
    const { wallet } = (await walletWith(t, token)).json().data;
    expect(data.wallet).toEqual(wallet);
    expect(data.walletdata).toEqual(wallet);
    const usd = data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USD');
    expect(Number(usd.balance)).toBe(250.5);
    expect(data.kycdata).toEqual([{ _id: pending!.id, status: 'PENDING' }]);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await post(t, '/auth/login', {
      email: 'clarice@example.com',
      password: 'Sunrise#2027',
    });
    const unknownEmail = await post(t, '/auth/login', { email: 'nobody@example.com', password: PASSWORD });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: false,
        message: m.invalidCredentials,
        code: 'invalid_credentials',
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('tells a customer who has not verified the e-mail so, but only with the right password', async () => {
    await post(t, '/auth/signup', signupBody('starling@example.com'));
    const right = await post(t, '/auth/login', { email: 'starling@example.com', password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ status: false, message: m.emailNotVerified, code: 'email_not_verified' });
    const wrong = await post(t, '/auth/login', { email: 'starling@example.com', password: 'Sunrise#2027' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a disabled account with a clear message', async () => {
    await registerVerified(t, 'krendler@example.com');
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, 'krendler@example.com'));
    const res = await post(t, '/auth/login', { email: 'krendler@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, message: m.accountDisabled, code: 'account_disabled' });
  });

  it('rejects a malformed request with the screen messages', async () => {
    const noPassword = await post(t, '/auth/login', { email: 'clarice@example.com', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      status: false,
      message: m.loginPasswordRequired,
      code: 'validation_failed',
    });
    const badEmail = await post(t, '/auth/login', { email: 'clarice', password: PASSWORD });
    expect(badEmail.json()).toMatchObject({ status: false, message: m.loginEmailInvalid });
  });

  it('marks the refresh cookie Secure in production only', () => {
    expect(refreshCookieOptions({ env: 'production', refreshTokenTtlDays: 30 }).secure).toBe(true);
    expect(refreshCookieOptions({ env: 'development', refreshTokenTtlDays: 30 }).secure).toBe(false);
  });
});
