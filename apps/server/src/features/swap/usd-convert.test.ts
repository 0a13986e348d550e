import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from '../trading/trading-test-helpers';

/**
 * Converting USD into USDT through the swap (issue 45): a customer who only deposited USD gets the
 * USDT a limit order is paid in, at a firm quote, through the same quote, ledger, idempotency,
 * stale-price and exposure rules as any swap.
 */
const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const post = (user: TestUser | null, url: string, payload: Body) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user?.headers ?? {}, payload });
const convert = (amount: unknown, quoteId?: string, to = 'USDT'): Body => ({
  from_crypto_currency_code: 'USD',
  to_crypto_currency_code: to,
  from_amount: amount,
  ...(quoteId ? { quote_id: quoteId } : {}),
});
const holdings = async (user: TestUser) => {
  const b = await balances(t, user);
  return { USD: b.USD?.balance, USDT: b.USDT?.balance };
};

describe('Convert USD to USDT', () => {
  it('quotes 100 USD at 1 USDT per USD less the 0.1% fee, converts at the quote, and the USDT pays a limit order', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '100');
    const quote = await post(user, '/swap/quote', convert('100'));
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data).toMatchObject({
      from_crypto_currency_code: 'USD',
      to_crypto_currency_code: 'USDT',
      from_amount: '100.00',
      rate: '1.00000000',
      fee: '0.10000000',
      to_amount: '99.90000000',
    });
    const done = await post(user, '/swap', convert('100', quote.json().data.quote_id));
    expect(done.statusCode).toBe(200);
    expect(await holdings(user)).toEqual({ USD: '0.00', USDT: '99.90000000' });
    // 0.001 BTC at 50,000 USDT costs 50 USDT plus the fee: the converted USDT pays for it.
    const order = await place(t, user, limitOrder('buy', '0.001', '50000'));
    expect(order.statusCode).toBe(200);
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/swap/history', headers: user.headers });
    expect(history.json().data[0]).toMatchObject({
      from: { currency_code: 'USD', amount: '100.00' },
      to: { currency_code: 'USDT', amount: '99.90000000' },
      status: 'SUCCESS',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses USD into any other coin, too many cents, more than the balance and USD as a target: 4xx, nothing moves', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '10');
    for (const url of ['/swap/quote', '/swap']) {
      const intoBtc = await post(user, url, convert('5', undefined, 'BTC'));
      expect(intoBtc.statusCode).toBe(422);
      expect(intoBtc.json().message).toBe('USD can only be converted into USDT');
      const cents = await post(user, url, convert('1.001'));
      expect(cents.statusCode).toBe(422);
      expect(cents.json().message).toBe('Amount can have at most 2 decimal places');
      const over = await post(user, url, convert('10.01'));
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe('Insufficient amount');
      expect((await post(user, url, convert('0'))).json().message).toBe('Amount must be greater than 0');
    }
    expect((await post(user, '/swap/quote', convert('5', undefined, 'MULTI'))).statusCode).toBe(422);
    expect((await post(user, '/swap/multi', convert('5', undefined, 'MULTI'))).statusCode).toBe(400);
    const intoUsd = { ...convert('5'), from_crypto_currency_code: 'USDT', to_crypto_currency_code: 'USD' };
    expect((await post(user, '/swap', intoUsd)).statusCode).toBe(400);
    expect(await holdings(user)).toEqual({ USD: '10.00', USDT: '0.00000000' });
  });

  it('who may convert: anonymous 401, not KYC-verified 403, an admin 403, another user’s quote 404', async () => {
    const owner = await createTestUser(t, { kyc: true });
    const other = await createTestUser(t, { kyc: true });
    const unverified = await createTestUser(t, { kyc: false });
    const admin = await createTestUser(t, { role: 'ADMIN' });
    for (const user of [owner, other, unverified]) await fund(t, user, 'USD', '20');
    for (const url of ['/swap/quote', '/swap']) {
      expect((await post(null, url, convert('5'))).statusCode).toBe(401);
      expect((await post(unverified, url, convert('5'))).statusCode).toBe(403);
      expect((await post(admin, url, convert('5'))).statusCode).toBe(403);
    }
    const quote = (await post(owner, '/swap/quote', convert('5'))).json().data;
    expect((await post(other, '/swap', convert('5', quote.quote_id))).statusCode).toBe(404);
    expect(await holdings(other)).toEqual({ USD: '20.00', USDT: '0.00000000' });
    expect(await holdings(unverified)).toEqual({ USD: '20.00', USDT: '0.00000000' });
    expect((await post(owner, '/swap', convert('5', quote.quote_id))).statusCode).toBe(200);
    expect(await holdings(owner)).toEqual({ USD: '15.00', USDT: '4.99500000' });
  });

  it('an Idempotency-Key retry of a convert answers the first result and converts once', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '10');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/swap',
        headers: { ...user.headers, 'idempotency-key': 'convert-usd-1' },
        payload: convert('4'),
      });
    expect((await send()).statusCode).toBe(200);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await holdings(user)).toEqual({ USD: '6.00', USDT: '3.99600000' });
  });

  it('40 parallel converts racing one 100 USD balance never overdraw, create or lose money, and the ledger balances', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '100');
    const results = await Promise.all(Array.from({ length: 40 }, () => post(user, '/swap', convert('3'))));
    // 33 × 3 = 99 USD fits in 100; the other 7 are refused whole.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(33);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === 'Insufficient amount')).toBe(
      true,
    );
    // Each convert of 3 USD pays 3 - 0.003 USDT.
    expect(await holdings(user)).toEqual({ USD: '1.00', USDT: '98.90100000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});
