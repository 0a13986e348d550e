import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from '../trading/trading-test-helpers';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const post = (user: TestUser | null, url: string, payload: Body, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...(user?.headers ?? {}), ...headers },
    payload,
  });
const swapBody = (from: string, to: string, amount: unknown, quoteId?: string): Body => ({
  from_crypto_currency_code: from,
  to_crypto_currency_code: to,
  from_amount: amount,
  ...(quoteId ? { quote_id: quoteId } : {}),
});

describe('swap against the house', () => {
  it('quotes 1 ETH (3000 USD) into BTC (60000 USD): rate 0.05, fee 0.1%, receive 0.04995 BTC for 15 s', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '2');
    const res = await post(user, '/swap/quote', swapBody('ETH', 'BTC', 1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      from_amount: '1.00000000',
      rate: '0.05000000',
      fee: '0.00005000',
      to_amount: '0.04995000',
    });
    expect(new Date(res.json().data.expires_at).getTime() - clock.now().getTime()).toBe(15_000);
  });

  it('a swap at its quote moves exact amounts in one entry, answers the wallet and shows in the history', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '2');
    const q = (await post(user, '/swap/quote', swapBody('ETH', 'BTC', '1'))).json().data;
    const res = await post(user, '/swap', swapBody('ETH', 'BTC', '1', q.quote_id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Swap successful' });
    const wallet = Object.fromEntries(
      res
        .json()
        .data.wallet.currencies.map((c: { symbol: string; balance: string }) => [c.symbol, c.balance]),
    );
    expect(wallet).toMatchObject({ ETH: '1.00000000', BTC: '0.04995000' });
    const replay = await post(user, '/swap', swapBody('ETH', 'BTC', '1', q.quote_id));
    expect(replay.statusCode).toBe(409);
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/swap/history', headers: user.headers });
    expect(history.json()).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(history.json().data[0]).toMatchObject({
      operation_type: 'CRYPTO_TO_CRYPTO',
      from: { currency_code: 'ETH', amount: '1.00000000' },
      to: { currency_code: 'BTC', amount: '0.04995000' },
      status: 'SUCCESS',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("answers in the spec's order: equal coins, amount not > 0, Insufficient amount, stale price", async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const msg = async (body: Body) => (await post(user, '/swap', body)).json().message;
    expect(await msg(swapBody('ETH', 'ETH', '0'))).toBe('From and To currency must be different');
    expect(await msg(swapBody('ETH', 'BTC', ''))).toBe('Amount must be greater than 0');
    expect(await msg(swapBody('ETH', 'BTC', 0))).toBe('Amount must be greater than 0');
    expect(await msg(swapBody('ETH', 'BTC', '-1'))).toBe('Amount must be greater than 0');
    expect(await msg(swapBody('ETH', 'BTC', '0.000000001'))).toBe('Amount can have at most 8 decimal places');
    const over = await post(user, '/swap', swapBody('ETH', 'BTC', '1.5'));
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Insufficient amount');
    expect((await post(user, '/swap', swapBody('ETH', 'BUSD', 'x'))).statusCode).toBe(422);
    expect((await balances(t, user)).ETH?.balance).toBe('1.00000000');
  });

  it('an expired quote is refused and nothing moves', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const q = (await post(user, '/swap/quote', swapBody('ETH', 'BTC', '1'))).json().data;
    clock.advance(15_001);
    const res = await post(user, '/swap', swapBody('ETH', 'BTC', '1', q.quote_id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This quote has expired, please request a new one');
    expect((await balances(t, user)).ETH?.balance).toBe('1.00000000');
  });

  it('who may swap: anonymous 401, not KYC-verified 403, an admin without KYC 403, another user’s quote 404', async () => {
    const owner = await createTestUser(t, { kyc: true });
    const other = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: false });
    const admin = await createTestUser(t, { role: 'ADMIN' });
    await fund(t, owner, 'ETH', '1');
    await fund(t, other, 'ETH', '1');
    const body = swapBody('ETH', 'BTC', '0.5');
    for (const url of ['/swap', '/swap/quote', '/swap/multi']) {
      expect((await post(null, url, body)).statusCode).toBe(401);
      expect((await post(bob, url, body)).statusCode).toBe(403);
      expect((await post(admin, url, body)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/swap/history' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/swap/history', headers: bob.headers })).statusCode,
    ).toBe(403);
    const q = (await post(owner, '/swap/quote', body)).json().data;
    expect((await post(other, '/swap', swapBody('ETH', 'BTC', '0.5', q.quote_id))).statusCode).toBe(404);
    expect((await balances(t, other)).ETH?.balance).toBe('1.00000000');
  });

  it('an Idempotency-Key retry answers the first result and swaps once', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const key = { 'idempotency-key': 'swap-1' };
    expect((await post(user, '/swap', swapBody('ETH', 'USDT', '0.4'), key)).statusCode).toBe(200);
    const second = await post(user, '/swap', swapBody('ETH', 'USDT', '0.4'), key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t, user)).ETH?.balance).toBe('0.60000000');
  });

  it('50 parallel swaps racing one ETH balance never overdraw, and the ledger balances', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(user, '/swap', swapBody('ETH', 'USDT', '0.03'))),
    );
    // 33 × 0.03 = 0.99 fits in 1 ETH.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(33);
    expect(
      results.filter((r) => r.statusCode === 422).every((r) => r.json().message === 'Insufficient amount'),
    ).toBe(true);
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 422)).toHaveLength(0);
    const b = await balances(t, user);
    expect(b.ETH?.balance).toBe('0.01000000');
    expect(b.USDT?.balance).toBe('2967.03000000'); // 33 × (90 - 0.09)
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('the swap history', () => {
  it("lists swaps and MultiCoin buys only, not a limit order's fills (CRYPTO_TO_CRYPTO as well)", async () => {
    const [buyer, seller] = await Promise.all([
      createTestUser(t, { kyc: true }),
      createTestUser(t, { kyc: true }),
    ]);
    await fund(t, seller, 'BTC', '0.01');
    await fund(t, buyer, 'USDT', '600');
    await fund(t, buyer, 'ETH', '1');
    expect((await place(t, seller, limitOrder('sell', '0.01', '50000'))).statusCode).toBe(200);
    expect((await place(t, buyer, limitOrder('buy', '0.01', '50000'))).statusCode).toBe(200);
    const q = (await post(buyer, '/swap/quote', swapBody('ETH', 'BTC', '0.5'))).json().data;
    expect((await post(buyer, '/swap', swapBody('ETH', 'BTC', '0.5', q.quote_id))).statusCode).toBe(200);

    const history = (user: TestUser) =>
      t.app.inject({ method: 'GET', url: '/api/v1/swap/history', headers: user.headers });
    const bought = (await history(buyer)).json();
    expect(bought.total).toBe(1);
    expect(bought.data.map((row: { operation: string }) => row.operation)).toEqual(['SWAP']);
    expect((await history(seller)).json()).toMatchObject({ total: 0, data: [] });
    // The fills are in each side's wallet transactions, where they belong.
    const transactions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions?page=1&limit=10',
      headers: seller.headers,
    });
    expect(transactions.json().data.map((row: { operation: string }) => row.operation)).toContain(
      'LIMIT_SELL',
    );
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('Buy MultiCoin', () => {
  it('1 DOT (7 USD) buys 3.5 MULTI at the index (2 USD), to 4 decimals, shown on the wallet valued at the index', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'DOT', '2');
    const res = await post(user, '/swap/multi', swapBody('DOT', 'MULTI', '0.33333333'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('MultiCoin bought successfully');
    const multi = res.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'MULTI');
    expect(multi).toMatchObject({ balance: '1.16660000', asset_value: '2.33' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/swap/history?search=multi',
      headers: user.headers,
    });
    expect(history.json().data[0]).toMatchObject({ operation: 'MULTI_BUY', to: { currency_code: 'MULTI' } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('takes only ETH, XRP, ADA and DOT into MULTI', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'BTC', '1');
    expect((await post(user, '/swap/multi', swapBody('BTC', 'MULTI', '0.1'))).statusCode).toBe(400);
    expect((await post(user, '/swap/multi', swapBody('ETH', 'BTC', '0.1'))).statusCode).toBe(400);
    expect((await post(user, '/swap', swapBody('ETH', 'MULTI', '0.1'))).statusCode).toBe(400);
    const quote = await post(user, '/swap/quote', swapBody('BTC', 'MULTI', '0.1'));
    expect(quote.json().message).toBe('MultiCoin can be bought with ETH, XRP, ADA or DOT');
  });
});
