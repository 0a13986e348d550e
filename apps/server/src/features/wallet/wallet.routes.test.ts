import { fromHousePostings, holdPostings } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletTransactions } from '../../db/schema';
import type { PriceSource } from '../../platform/prices';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { depositViaSandbox } from '../deposits/sandbox-deposit-test-helpers';
import type { ExpectedHold } from '../ledger/hold-sources';
import { postEntry } from '../ledger/post-entries';

let t: TestApp;
/** Holds this file's scenarios put on, standing in for the open orders that would explain them. */
const holds: ExpectedHold[] = [];
const expectConsistent = () =>
  expectLedgerConsistent(t.ctx.db, {
    holdSources: [{ name: 'test-holds', expectedLocked: async () => holds }],
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Currency = {
  symbol: string;
  balance: string;
  locked: string;
  asset_value: string;
  asset_value_percent: string;
};
const bySymbol = (currencies: Currency[]) => Object.fromEntries(currencies.map((c) => [c.symbol, c]));

describe('wallet routes need a signed-in user', () => {
  it.each(['/api/v1/wallet', '/api/v1/wallet/transactions', '/api/v1/dashboard'])(
    '%s answers 401 to anonymous callers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, code: 'unauthorized' });
    },
  );
});

describe('GET /wallet', () => {
  it('lists every asset, even at zero, at its own scale', async () => {
    const user = await createTestUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const { currencies } = res.json().data.wallet;
    expect(currencies.map((c: Currency) => c.symbol)).toEqual([
      'USD',
      'BTC',
      'BNB',
      'ETH',
      'USDT',
      'USDC',
      'XRP',
      'ADA',
      'MATIC',
      'DOT',
      'BUSD',
      'LTC',
      'MULTI',
    ]);
    expect(currencies[0]).toEqual({
      _id: 'USD',
      name: 'US Dollar',
      symbol: 'USD',
      image_url: '/coins/usd.svg',
      balance: '0.00',
      locked: '0.00',
      currency_type: 'FIAT',
      asset_value: '0.00',
      asset_value_percent: '0.00',
      interest_earned: '0.00',
    });
    expect(bySymbol(currencies).XRP).toMatchObject({
      balance: '0.000000',
      currency_type: 'CRYPTO',
      image_url: '/coins/xrp.svg',
    });
  });

  it('values holdings at current prices, locked funds included, with each share of the total', async () => {
    const user = await createTestUser(t, { kyc: true });
    await depositViaSandbox(t, user, '100');
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `w:btc:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'BTC', 50_000_000n),
    });
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `w:eth:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'ETH', 200_000_000n),
    });
    await postEntry(t.ctx.db, {
      kind: 'HOLD',
      reference: `w:hold:${user.id}`,
      userId: user.id,
      postings: holdPostings(user.id, 'ETH', 100_000_000n),
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
    const wallet = bySymbol(res.json().data.wallet.currencies);
    expect(wallet.USD).toMatchObject({
      balance: '100.00',
      asset_value: '100.00',
      asset_value_percent: '0.27',
    });
    expect(wallet.BTC).toMatchObject({
      balance: '0.50000000',
      locked: '0.00000000',
      asset_value: '30000.00',
      asset_value_percent: '83.10',
    });
    expect(wallet.ETH).toMatchObject({
      balance: '1.00000000',
      locked: '1.00000000',
      asset_value: '6000.00',
      asset_value_percent: '16.62',
    });

    const dashboard = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: user.headers });
    expect(dashboard.json()).toMatchObject({
      status: true,
      data: { current_value: '36100.00', total_invested: '100.00' },
    });

    holds.push({ userId: user.id, asset: 'ETH', amount: 100_000_000n });
    await expectConsistent();
  });
});

describe('GET /wallet/transactions', () => {
  it('lists the user’s own transactions newest first, a page at a time', async () => {
    const user = await createTestUser(t, { kyc: true });
    const other = await createTestUser(t, { kyc: true });
    for (const amount of ['10', '20', '30']) await depositViaSandbox(t, user, amount);
    await depositViaSandbox(t, other, '99');

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ status: true, total: 3, page: 1, limit: 100 });
    expect(body.data.map((tx: { to: { amount: string } }) => tx.to.amount)).toEqual([
      '30.00',
      '20.00',
      '10.00',
    ]);
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      operation_type: 'FIAT',
      operation: 'DEPOSIT',
      from: null,
      to: { currency_code: 'USD', amount: '30.00' },
      status: 'SUCCESS',
      createdAt: expect.any(String),
    });

    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions?page=2&limit=2',
      headers: user.headers,
    });
    expect(second.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.json().data.map((tx: { to: { amount: string } }) => tx.to.amount)).toEqual(['10.00']);
    const past = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions?page=5&limit=2',
      headers: user.headers,
    });
    expect(past.json()).toMatchObject({ data: [], total: 3, page: 5 });
    await expectConsistent();
  });

  it('searches on the server: the operation, its type, the status or a coin code, only the user’s own', async () => {
    const user = await createTestUser(t, { kyc: true });
    const other = await createTestUser(t, { kyc: true });
    for (const amount of ['10', '20', '30']) await depositViaSandbox(t, user, amount);
    await postEntry(t.ctx.db, {
      kind: 'TEST_FUNDING',
      reference: `test-search:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'ETH', 100_000_000n),
    });
    await t.ctx.db.insert(walletTransactions).values({
      userId: user.id,
      operationType: 'CRYPTO',
      operation: 'P2P_RECEIVE',
      toAsset: 'ETH',
      toAmount: '100000000',
      status: 'SUCCESS',
      reference: `test-search:${user.id}`,
    });
    await depositViaSandbox(t, other, '99');
    const search = async (term: string, paging = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/transactions?search=${encodeURIComponent(term)}${paging}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect((await search('eth')).data.map((tx: { operation: string }) => tx.operation)).toEqual([
      'P2P_RECEIVE',
    ]);
    expect(await search('deposit', '&page=2&limit=2')).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect((await search('crypto')).total).toBe(1);
    expect((await search('success')).total).toBe(4);
    expect(await search('zzz')).toMatchObject({ data: [], total: 0 });
    // A blank term is no filter; % and _ are matched as themselves.
    expect((await search('  ')).total).toBe(4);
    expect((await search('%')).total).toBe(0);
    await expectConsistent();
  });

  it.each(['page=0', 'limit=0', 'limit=501', 'page=abc', 'limit=1.5', `search=${'x'.repeat(101)}`])(
    'refuses ?%s with a 400',
    async (query) => {
      const user = await createTestUser(t);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/transactions?${query}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
    },
  );
});

describe('valuation without a usable price', () => {
  it('values an asset whose price is stale or missing at 0 and still lists its balance', async () => {
    const old = new Date(Date.now() - 3_600_000);
    const prices: PriceSource = {
      latest: (asset) => (asset === 'BTC' ? { asset, usd: 6_000_000_000_000n, at: old } : undefined),
    };
    const stale = await createTestApp({ deps: { prices } });
    try {
      const user = await createTestUser(stale, { kyc: true });
      await depositViaSandbox(stale, user, '50');
      await postEntry(stale.ctx.db, {
        kind: 'SEED',
        reference: `s:btc:${user.id}`,
        userId: user.id,
        postings: fromHousePostings(user.id, 'BTC', 10_000_000n),
      });
      const wallet = bySymbol(
        (await stale.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers })).json().data
          .wallet.currencies,
      );
      expect(wallet.BTC).toMatchObject({
        balance: '0.10000000',
        asset_value: '0.00',
        asset_value_percent: '0.00',
      });
      expect(wallet.USD).toMatchObject({ asset_value: '50.00', asset_value_percent: '100.00' });
      const dashboard = await stale.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard',
        headers: user.headers,
      });
      expect(dashboard.json().data).toEqual({ current_value: '50.00', total_invested: '50.00' });
      await expectLedgerConsistent(stale.ctx.db);
    } finally {
      await stale.close();
    }
  });
});
