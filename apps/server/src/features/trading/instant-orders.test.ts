import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from './trading-test-helpers';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

function quote(user: TestUser, side: 'buy' | 'sell', quantity: string, coin = 'BTC') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/quotes',
    headers: user.headers,
    payload: { side, crypto_currency_code: coin, quantity },
  });
}

function instant(
  user: TestUser,
  side: 'buy' | 'sell',
  quantity: string,
  quoteId?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${side}`,
    headers: { ...user.headers, ...headers },
    payload: {
      market_id: 'BTC-USDT',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      quantity,
      type: 'instant',
      limitPrice: '',
      side,
      ...(quoteId ? { quote_id: quoteId } : {}),
    },
  });
}

describe('instant orders against the house', () => {
  it('quotes 0.01 BTC at 60000 USD: cost 600.00, fee 0.1% 0.60, total 600.60, valid 15 s', async () => {
    const user = await createTestUser(t, { kyc: true });
    const res = await quote(user, 'buy', '0.01');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      side: 'buy',
      crypto_currency_code: 'BTC',
      quantity: '0.01000000',
      price: '60000.00000000',
      cost: '600.00',
      fee: '0.60',
      total: '600.60',
    });
    expect(new Date(res.json().data.expires_at).getTime() - clock.now().getTime()).toBe(15_000);
  });

  it('a buy at a quote moves exact amounts and records a FIAT_TO_CRYPTO transaction; the quote cannot be replayed', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '1000');
    const q = (await quote(user, 'buy', '0.01')).json().data;
    const res = await instant(user, 'buy', '0.01', q.quote_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Buy order executed successfully');
    const b = await balances(t, user);
    expect(b.USD?.balance).toBe('399.40');
    expect(b.BTC?.balance).toBe('0.01000000');
    const replay = await instant(user, 'buy', '0.01', q.quote_id);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe('This quote has already been used');
    const tx = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(tx.json().data[0]).toMatchObject({
      operation_type: 'FIAT_TO_CRYPTO',
      from: { currency_code: 'USD', amount: '600.60' },
      to: { currency_code: 'BTC', amount: '0.01000000' },
      status: 'SUCCESS',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a sell without a quote_id is quoted and executed in the same request: 600.00 less 0.60', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'BTC', '0.02');
    const res = await instant(user, 'sell', '0.01');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sell order executed successfully');
    const b = await balances(t, user);
    expect(b.USD?.balance).toBe('599.40');
    expect(b.BTC?.balance).toBe('0.01000000');
    // The answer's wallet, read by the batch's own write, is the wallet GET /wallet shows after it.
    const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
    expect(res.json().data.wallet).toEqual(wallet.json().data.wallet);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('an expired quote, a mismatching one and another user’s are refused, and nothing moves', async () => {
    const user = await createTestUser(t, { kyc: true });
    const other = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '1000');
    const q = (await quote(user, 'buy', '0.01')).json().data;
    expect((await instant(user, 'buy', '0.02', q.quote_id)).statusCode).toBe(422);
    expect((await instant(other, 'buy', '0.01', q.quote_id)).statusCode).toBe(404);
    clock.advance(15_001);
    const expired = await instant(user, 'buy', '0.01', q.quote_id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This quote has expired, please request a new one');
    expect((await balances(t, user)).USD?.balance).toBe('1000.00');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('spec order: empty quantity first, then Insufficient amount', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '10');
    expect((await instant(user, 'buy', '')).json().message).toBe('Please Enter Quantity');
    const res = await instant(user, 'buy', '0.01');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient amount');
  });

  it('an Idempotency-Key retry answers the first result and executes once', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '1000');
    const first = await instant(user, 'buy', '0.01', undefined, { 'idempotency-key': 'buy-1' });
    const second = await instant(user, 'buy', '0.01', undefined, { 'idempotency-key': 'buy-1' });
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t, user)).USD?.balance).toBe('399.40');
  });

  it('30 parallel instant buys racing one USD balance never overdraw', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '1000');
    const results = await Promise.all(Array.from({ length: 30 }, () => instant(user, 'buy', '0.001')));
    // Each costs 60.00 + 0.06: 16 fit in 1000.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(16);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(14);
    expect((await balances(t, user)).USD?.balance).toBe('39.04');
    await expectLedgerConsistent(t.ctx.db);
  });
});
