import { parseDecimal } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  logIn,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  refreshCookie,
  refreshWithCookie,
  registerVerified,
  signupBody,
  waitForMails,
} from '../../features/auth/auth-test-helpers';
import { balances, fund } from '../../features/trading/trading-test-helpers';
import { expectLedgerConsistent } from '../expect-ledger';
import { createTestApp, type TestApp } from '../test-app';
import { createTestUser } from '../test-users';

/**
 * One-shot tokens raced: many parallel uses of one OTP, one refresh token, one instant quote or one
 * swap quote; exactly one use succeeds and nothing is paid or overdrawn twice. (Stake close and
 * restake, KYC decisions, deposits and P2P transfers have their own race tests beside their code.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

const PARALLEL = 16;
const ok = (responses: ReadonlyArray<{ statusCode: number }>) =>
  responses.filter((res) => res.statusCode === 200).length;

describe('one-shot tokens under parallel use', () => {
  it('one e-mail verification code: one success, then the account is verified once', async () => {
    const email = 'race-verify@example.com';
    expect((await post(t, '/auth/signup', signupBody(email))).statusCode).toBe(200);
    const otp = await newestCode(t, email);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => post(t, '/otp/verify', { email, otp, type: 'EMAIL_VERIFY' })),
    );
    expect(ok(results), results.map((res) => res.body).join('\n')).toBe(1);
    for (const res of results) expect(res.statusCode).toBeLessThan(500);
  });

  it('one password-reset code: exactly one new password wins', async () => {
    const email = 'race-reset@example.com';
    await registerVerified(t, email);
    const before = (await waitForMails(t, email, 1)).length;
    expect((await post(t, '/auth/password/forget', { email })).statusCode).toBe(200);
    const otp = await newestCode(t, email, before + 1);
    const passwords = Array.from({ length: PARALLEL }, (_, i) => `Racing#${1000 + i}x`);
    const results = await Promise.all(
      passwords.map((password) => post(t, '/auth/password/reset', { email, password, otp })),
    );
    expect(ok(results), results.map((res) => res.body).join('\n')).toBe(1);
    const winner = passwords[results.findIndex((res) => res.statusCode === 200)]!;
    const logins = await Promise.all(
      passwords.map((password) => post(t, '/auth/login', { email, password })),
    );
    expect(logins.map((res, i) => (res.statusCode === 200 ? passwords[i] : null)).filter(Boolean)).toEqual([
      winner,
    ]);
    expect((await post(t, '/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('one refresh token: one rotation; the winner’s new token works and the family lives on', async () => {
    const email = 'race-refresh@example.com';
    await registerVerified(t, email);
    const session = await logIn(t, email);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => refreshWithCookie(t, session.refreshToken)),
    );
    expect(ok(results), results.map((res) => res.body).join('\n')).toBe(1);
    const winner = results.find((res) => res.statusCode === 200)!;
    const next = refreshCookie(winner);
    expect(next).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(winner.json().data.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect((await refreshWithCookie(t, next!)).statusCode).toBe(200);
  });

  it('one instant quote: one order executes, the others are refused, the wallet pays once', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '100000');
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/quotes',
      headers: user.headers,
      payload: { side: 'buy', crypto_currency_code: 'BTC', quantity: '0.01' },
    });
    expect(quote.statusCode).toBe(200);
    const { quote_id: quoteId, total } = quote.json().data;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/wallet/limitorder/limitInstant/buy',
          headers: user.headers,
          payload: {
            market_id: 'BTC-USDT',
            crypto_currency_code: 'BTC',
            fiat_currency_code: 'USD',
            quantity: '0.01',
            type: 'instant',
            limitPrice: '',
            side: 'buy',
            quote_id: quoteId,
          },
        }),
      ),
    );
    expect(ok(results), results.map((res) => res.body).join('\n')).toBe(1);
    for (const res of results) expect(res.statusCode).toBeLessThan(500);
    const wallet = await balances(t, user);
    const cents = (text: string) => parseDecimal(text, 2);
    expect(cents(wallet.USD!.balance)).toBe(cents('100000')! - cents(total)!);
    expect(wallet.BTC!.balance).toMatch(/^0\.01(0*)$/);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('one swap quote: one swap executes, the coins move once', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '100');
    const body = { from_crypto_currency_code: 'ETH', to_crypto_currency_code: 'BTC', from_amount: '1' };
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/swap/quote',
      headers: user.headers,
      payload: body,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json().data.quote_id;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/swap',
          headers: user.headers,
          payload: { ...body, quote_id: quoteId },
        }),
      ),
    );
    expect(ok(results), results.map((res) => res.body).join('\n')).toBe(1);
    const wallet = await balances(t, user);
    expect(wallet.ETH!.balance).toMatch(/^99(\.0*)?$/);
    await expectLedgerConsistent(t.ctx.db);
  });
});
