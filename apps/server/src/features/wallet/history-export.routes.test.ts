import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletTransactions } from '../../db/schema';
import { EXPORT_PAGE_ROWS, pagedRows } from '../../platform/csv-export';
import { addHistory } from '../../test/history-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

let t: TestApp;
let heavy: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  heavy = await createTestUser(t, { kyc: true });
  await addHistory(t.database, heavy.id, 2_000);
});
afterAll(async () => t.close());

const EXPORTS = {
  transactions: '/wallet/transactions/export.csv',
  orders: '/wallet/limitorder/market/get-order-history/export.csv',
  swaps: '/swap/history/export.csv',
  p2p: '/p2p/p2phistory/export.csv',
  stakes: '/stake/user/all/export.csv',
  referrals: '/referal/getReferralList/export.csv',
  deposits: '/wallet/chain-deposits/export.csv',
  withdrawals: '/withdrawals/export.csv',
} as const;

function download(user: TestUser | null, path: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/v1${path}${query}`, headers: user?.headers ?? {} });
}

const linesOf = (body: string) => body.split('\r\n').filter((line) => line !== '');

describe('History CSV downloads: who may download what', () => {
  it.each(Object.entries(EXPORTS))('%s answers 401 to anonymous callers', async (_name, path) => {
    const res = await download(null, path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'unauthorized' });
  });

  it.each(Object.entries(EXPORTS))(
    '%s gives a new user the header row alone, as a dated attachment',
    async (name, path) => {
      const user = await createTestUser(t, { kyc: true });
      const res = await download(user, path);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(linesOf(res.body)).toHaveLength(1);
      expect(linesOf(res.body)[0]).toMatch(/^time_utc,/);
    },
  );

  it('a user without KYC downloads the signed-in tabs but not the KYC ones', async () => {
    const user = await createTestUser(t);
    expect((await download(user, EXPORTS.transactions)).statusCode).toBe(200);
    expect((await download(user, EXPORTS.orders)).statusCode).toBe(200);
    for (const path of [EXPORTS.swaps, EXPORTS.p2p, EXPORTS.stakes]) {
      const res = await download(user, path);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('kyc_required');
    }
  });

  it("never shows another user's rows, to a user or an admin", async () => {
    const other = await createTestUser(t, { kyc: true });
    const admin = await createTestUser(t, { role: 'ADMIN', kyc: true });
    for (const caller of [other, admin]) {
      expect(linesOf((await download(caller, EXPORTS.transactions)).body)).toHaveLength(1);
      expect(linesOf((await download(caller, EXPORTS.orders)).body)).toHaveLength(1);
    }
  });
});

describe('History CSV downloads: what is in the file', () => {
  it('streams a long history page by page: all 2,000 rows, newest first, amounts at the asset precision', async () => {
    const res = await download(heavy, EXPORTS.transactions);
    expect(res.statusCode).toBe(200);
    const lines = linesOf(res.body);
    expect(lines).toHaveLength(2_001);
    expect(lines[0]).toBe(
      'time_utc,type,operation,from_asset,from_amount,to_asset,to_amount,price,status,id',
    );
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,FIAT,DEPOSIT,,,USD,10\.00,,SUCCESS,[0-9a-f-]{36}$/,
    );
    const times = lines.slice(1).map((line) => line.split(',')[0]!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(lines.slice(1).map((line) => line.split(',').at(-1))).size).toBe(2_000);
  });

  it('reads the list in pages of EXPORT_PAGE_ROWS until a short page', async () => {
    const asked: number[][] = [];
    const rows = [];
    const page = async (n: number, limit: number) => {
      asked.push([n, limit]);
      return Array.from({ length: n < 5 ? limit : 7 }, (_, i) => `${n}:${i}`);
    };
    for await (const row of pagedRows(page, (item) => [item])) rows.push(row);
    expect(asked).toEqual([1, 2, 3, 4, 5].map((n) => [n, EXPORT_PAGE_ROWS]));
    expect(rows).toHaveLength(4 * EXPORT_PAGE_ROWS + 7);
  });

  it("respects the tab's filters: the order status and the search", async () => {
    const all = linesOf((await download(heavy, EXPORTS.orders)).body);
    expect(all).toHaveLength(2_001);
    expect(all[1]).toMatch(/,XRP-USDT,buy,/);
    expect(linesOf((await download(heavy, EXPORTS.orders, '?status=cancelled')).body)).toHaveLength(2_001);
    expect(linesOf((await download(heavy, EXPORTS.orders, '?status=filled')).body)).toHaveLength(1);
    expect(linesOf((await download(heavy, EXPORTS.orders, '?search=BTC')).body)).toHaveLength(1);
    expect(linesOf((await download(heavy, EXPORTS.transactions, '?search=withdraw')).body)).toHaveLength(1);
    expect(linesOf((await download(heavy, EXPORTS.transactions, '?search=deposit')).body)).toHaveLength(
      2_001,
    );
  });

  it('keeps a spreadsheet from running a cell as a formula, and quotes what needs quoting', async () => {
    const user = await createTestUser(t);
    await t.ctx.db.insert(walletTransactions).values({
      userId: user.id,
      operationType: 'FIAT',
      operation: '=HYPERLINK("http://evil.example","x"),1',
      toAsset: 'USD',
      toAmount: '12345',
      status: 'SUCCESS',
    });
    const lines = linesOf((await download(user, EXPORTS.transactions)).body);
    expect(lines[1]).toContain(`,FIAT,"'=HYPERLINK(""http://evil.example"",""x""),1",,,USD,123.45,,SUCCESS,`);
  });

  it.each([
    [EXPORTS.transactions, '?limit=abc'],
    [EXPORTS.orders, '?status=bogus'],
    [EXPORTS.transactions, `?search=${'x'.repeat(101)}`],
    [EXPORTS.deposits, '?orderBy=sideways'],
  ])('%s%s is refused 400, never 500', async (path, query) => {
    const res = await download(heavy, path, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
  });
});
